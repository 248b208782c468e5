import { Link, useParams } from 'react-router';
import { useSeries, useSeriesMutations } from '../../features/content';
import { count, dateTime } from '../../shared/format';
import { Button, Card, ErrorState, Facts, Loading, PageHeader } from '../../shared/ui';
import { formErrors } from '../../shared/form-fields';
import { EpisodesCard } from './episodes-card';
import { SeriesArtwork } from './series-artwork';
import { SeriesDetailsForm } from './series-details-form';
import { SeriesStatus } from './series-list-page';

/** One series: details in five languages, artwork, episodes, publication. */
export function SeriesPage() {
  const id = Number(useParams().id);
  const query = useSeries(id);
  const { status } = useSeriesMutations(id);
  if (query.isPending) return <Loading />;
  if (query.isError) return <ErrorState error={query.error} retry={() => void query.refetch()} />;
  const series = query.data;
  const published = series.status === 'published';
  const statusError = formErrors(status.error).message;
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
          <Button
            variant={published ? 'secondary' : 'primary'}
            disabled={status.isPending}
            onClick={() => {
              status.mutate(published ? 'draft' : 'published');
            }}
          >
            {published ? 'Unpublish series' : 'Publish series'}
          </Button>
        }
      />
      {statusError ? (
        <p role="alert" className="mb-4 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700">
          {statusError}
        </p>
      ) : null}
      {published && !series.visible ? (
        <p className="mb-4 rounded-lg bg-orange-50 px-3 py-2 text-sm text-orange-800 ring-1 ring-orange-200">
          Published, but viewers do not see it yet: it needs at least one published episode whose video is ready.
        </p>
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
    </section>
  );
}
