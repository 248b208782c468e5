import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { numberingWarnings, useSeries, useSeriesMutations } from '../../features/content';
import { count, dateTime } from '../../shared/format';
import { Button, Card, ErrorState, Facts, Loading, PageHeader } from '../../shared/ui';
import { formErrors } from '../../shared/form-fields';
import { EpisodesCard } from './episodes-card';
import { LeaveDialog, PublishDialog } from './impact-dialog';
import { SeriesArtwork } from './series-artwork';
import { SeriesDetailsForm } from './series-details-form';
import { SeriesStatus } from './series-list-page';

type Asking = 'unpublish' | 'archive' | 'publish' | null;

/** One series: details in five languages, artwork, episodes, publication. */
export function SeriesPage() {
  const id = Number(useParams().id);
  const query = useSeries(id);
  const { status, archive } = useSeriesMutations(id);
  const [asking, setAsking] = useState<Asking>(null);
  const [notice, setNotice] = useState('');
  if (query.isPending) return <Loading />;
  if (query.isError) return <ErrorState error={query.error} retry={() => void query.refetch()} />;
  const series = query.data;
  const published = series.status === 'published';
  const archived = series.status === 'archived';
  const name = `“${series.texts.en?.title ?? series.title}”`;
  // An archived series is out of viewers' sight: its numbering matters again once it is restored.
  const numbering = archived ? [] : numberingWarnings(series.episodeList);
  const statusError = formErrors(status.error).message || formErrors(archive.error).message;
  const close = () => {
    setAsking(null);
  };
  const done = (message: string) => ({
    onSuccess: () => {
      setAsking(null);
      setNotice(message);
    },
  });
  const publish = () => {
    status.mutate('published', done('Published. Viewers see the series now.'));
  };
  return (
    <section>
      <Link to="/content" className="text-sm font-medium text-orange-700 hover:underline">
        ← All series
      </Link>
      <PageHeader
        title={series.texts.en?.title ?? series.title}
        description={
          <span className="flex items-center gap-2">
            <SeriesStatus series={series} /> <span>#{series.id}</span>
          </span>
        }
        actions={
          archived ? (
            <Button
              variant="primary"
              disabled={archive.isPending}
              onClick={() => {
                archive.mutate(false, done('Restored: the series is back as it was before archiving.'));
              }}
            >
              Restore series
            </Button>
          ) : (
            <>
              <Button
                variant={published ? 'secondary' : 'primary'}
                disabled={status.isPending}
                onClick={() => {
                  setNotice('');
                  if (published) setAsking('unpublish');
                  else if (numbering.length > 0) setAsking('publish');
                  else publish();
                }}
              >
                {published ? 'Unpublish series…' : 'Publish series'}
              </Button>
              <Button
                onClick={() => {
                  setNotice('');
                  setAsking('archive');
                }}
              >
                Archive…
              </Button>
            </>
          )
        }
      />
      {statusError && !asking ? (
        <p role="alert" className="mb-4 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700">
          {statusError}
        </p>
      ) : null}
      {notice ? (
        <p role="status" className="mb-4 rounded-lg bg-green-50 px-3 py-2 text-sm text-green-800 ring-1 ring-green-200">
          {notice}
        </p>
      ) : null}
      {archived ? (
        <p className="mb-4 rounded-lg bg-blue-50 px-3 py-2 text-sm text-blue-900 ring-1 ring-blue-200">
          Archived on {dateTime(series.archivedAt)}. It is out of the catalog, search, the homepage and lists. Viewers
          who unlocked its episodes keep watching them; members and everyone else cannot. Restore puts it back as it
          was.
        </p>
      ) : null}
      {published && !series.visible ? (
        <p className="mb-4 rounded-lg bg-orange-50 px-3 py-2 text-sm text-orange-800 ring-1 ring-orange-200">
          Published, but viewers do not see it yet: it needs at least one published episode whose video is ready.
        </p>
      ) : null}
      {numbering.length > 0 ? (
        <div
          role="note"
          aria-label="Episode numbering"
          className="mb-4 rounded-lg bg-orange-50 px-3 py-2 text-sm text-orange-800 ring-1 ring-orange-200"
        >
          <p className="font-semibold">Episode numbering</p>
          <ul className="list-disc pl-5">
            {numbering.map((w) => (
              <li key={w}>{w}</li>
            ))}
          </ul>
        </div>
      ) : null}
      <div className="grid grid-cols-[minmax(0,1fr)_380px] gap-6">
        <SeriesDetailsForm key={series.id} series={series} />
        <div className="flex flex-col gap-6">
          <SeriesArtwork series={series} />
          <Card title="Numbers">
            <Facts
              items={[
                ['Plays', count(series.playCount)],
                [
                  'Episodes',
                  `${series.publishedEpisodes} published, ${series.readyEpisodes} with video, ${series.episodes} in all`,
                ],
                ['First published', dateTime(series.publishedAt)],
                ['Created', dateTime(series.createdAt)],
                ['Last change', dateTime(series.updatedAt)],
              ]}
            />
          </Card>
        </div>
      </div>
      <div className="mt-6">
        <EpisodesCard series={series} />
      </div>
      {asking === 'unpublish' || asking === 'archive' ? (
        <LeaveDialog
          target="series"
          id={series.id}
          name={name}
          action={asking}
          pending={asking === 'archive' ? archive.isPending : status.isPending}
          error={asking === 'archive' ? archive.error : status.error}
          onConfirm={() => {
            if (asking === 'archive') archive.mutate(true, done('Archived.'));
            else status.mutate('draft', done('Unpublished: the series is a draft again.'));
          }}
          onClose={close}
        />
      ) : null}
      {asking === 'publish' ? (
        <PublishDialog
          name={name}
          warnings={numbering}
          pending={status.isPending}
          error={status.error}
          onConfirm={publish}
          onClose={close}
        />
      ) : null}
    </section>
  );
}
