import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { AdminSeriesSummary } from '@episodic/contract';
import { type SeriesFilter, useCreateSeries, useSeriesList } from '../../features/content';
import { SERIES_SORTS, SORT_DIRECTIONS } from '@episodic/contract/constants';
import { param, useUrlState } from '../../shared/url-state';
import { sortHeaders } from '../../shared/table';
import { count, dateTime } from '../../shared/format';
import { Badge, Button, EmptyState, ErrorState, Loading, PageHeader, Pager } from '../../shared/ui';
import { FormMessage, SelectInput, TextArea, TextInput, formErrors } from '../../shared/form-fields';
import { Dialog } from '../../shared/dialogs';
import { ContentTabs } from './content-tabs';

export function SeriesStatus({ series }: { series: Pick<AdminSeriesSummary, 'status' | 'visible'> }) {
  if (series.status === 'draft') return <Badge>Draft</Badge>;
  if (series.status === 'archived') return <Badge tone="blue">Archived</Badge>;
  return series.visible ? <Badge tone="green">Published</Badge> : <Badge tone="orange">Published, not visible</Badge>;
}

function NewSeriesDialog({ onClose }: { onClose: () => void }) {
  const navigate = useNavigate();
  const create = useCreateSeries((series) => {
    void navigate(`/content/series/${series.id}`);
  });
  const [title, setTitle] = useState('');
  const [synopsis, setSynopsis] = useState('');
  const { fields } = formErrors(create.error);
  return (
    <Dialog
      title="New series"
      onClose={onClose}
      footer={
        <>
          <Button onClick={onClose}>Cancel</Button>
          <Button variant="primary" type="submit" form="new-series" disabled={create.isPending}>
            Create draft
          </Button>
        </>
      }
    >
      <form
        id="new-series"
        className="flex flex-col gap-4"
        onSubmit={(e) => {
          e.preventDefault();
          create.mutate({ texts: { en: { title, synopsis } } });
        }}
      >
        <FormMessage error={create.error} />
        <TextInput
          label="English title"
          value={title}
          onChange={(e) => {
            setTitle(e.target.value);
          }}
          error={fields['texts.en.title']}
          autoFocus
        />
        <TextArea
          label="English synopsis"
          value={synopsis}
          onChange={(e) => {
            setSynopsis(e.target.value);
          }}
          error={fields['texts.en.synopsis']}
        />
        <p className="text-xs text-zinc-500">
          The series starts as a draft: add the other languages, artwork, tags and episodes, then publish it.
        </p>
      </form>
    </Dialog>
  );
}

/** The list's view as the address holds it. */
const VIEW = {
  q: param.text(200),
  status: param.oneOf(['published', 'draft', 'archived'] as const),
  sort: param.oneOf(SERIES_SORTS),
  dir: param.oneOf(SORT_DIRECTIONS),
  page: param.page(),
};

/** Every series, drafts included: search, status and a way in to each. */
export function SeriesListPage() {
  const [filter, setView] = useUrlState(VIEW);
  // The search field follows the address (Back, a link) until the operator types in it.
  const [typed, setTyped] = useState<{ for: string; text: string } | null>(null);
  const search = typed?.for === filter.q ? typed.text : filter.q;
  const [creating, setCreating] = useState(false);
  const query = useSeriesList(filter);
  const header = sortHeaders(filter, 'updatedAt', setView);
  return (
    <section>
      <PageHeader
        title="Content"
        description="Series and episodes: texts in five languages, artwork, tags, prices and publication."
        actions={
          <Button
            variant="primary"
            onClick={() => {
              setCreating(true);
            }}
          >
            New series
          </Button>
        }
      />
      <ContentTabs />
      <form
        className="mb-4 flex items-end gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          setView({ page: 1, q: search.trim() });
        }}
      >
        <TextInput
          label="Search"
          placeholder="Title in any language, or id"
          value={search}
          onChange={(e) => {
            setTyped({ for: filter.q, text: e.target.value });
          }}
          className="w-80"
        />
        <SelectInput
          label="Status"
          value={filter.status}
          onChange={(e) => {
            setView({ page: 1, status: e.target.value as SeriesFilter['status'] });
          }}
          options={[
            { value: '', label: 'All' },
            { value: 'published', label: 'Published' },
            { value: 'draft', label: 'Drafts' },
            { value: 'archived', label: 'Archived' },
          ]}
          className="w-40"
        />
        <Button type="submit">Search</Button>
      </form>
      {query.isPending ? (
        <Loading />
      ) : query.isError ? (
        <ErrorState error={query.error} retry={() => void query.refetch()} />
      ) : query.data.items.length === 0 ? (
        <EmptyState>No series match. Create one with “New series”.</EmptyState>
      ) : (
        <>
          <div className="overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-zinc-200">
            <table className="w-full text-sm">
              <thead className="bg-zinc-50 text-left text-xs text-zinc-500 uppercase">
                <tr>
                  {header('Series', 'title', 'asc')}
                  <th className="px-4 py-2 font-medium">Status</th>
                  {header('Episodes', 'episodes', 'desc')}
                  <th className="px-4 py-2 font-medium">Tags</th>
                  {header('Plays', 'plays', 'desc', true)}
                  {header('Changed', 'updatedAt', 'desc')}
                </tr>
              </thead>
              <tbody>
                {query.data.items.map((s) => (
                  <tr key={s.id} className="border-t border-zinc-100 hover:bg-zinc-50">
                    <td className="px-4 py-2">
                      <Link
                        to={`/content/series/${s.id}`}
                        className="flex items-center gap-3 font-medium text-zinc-900 hover:text-orange-700"
                      >
                        {s.cover ? (
                          <img src={s.cover} alt="" className="h-12 w-9 rounded object-cover" />
                        ) : (
                          <span className="h-12 w-9 rounded bg-zinc-200" />
                        )}
                        <span>
                          {s.title}
                          <span className="block text-xs font-normal text-zinc-500">#{s.id}</span>
                        </span>
                      </Link>
                    </td>
                    <td className="px-4 py-2">
                      <SeriesStatus series={s} />
                    </td>
                    <td className="px-4 py-2 text-zinc-700">
                      {s.publishedEpisodes} published · {s.readyEpisodes} ready · {s.episodes} in all
                    </td>
                    <td className="px-4 py-2 text-zinc-600">{s.tags.map((t) => t.name).join(', ') || '—'}</td>
                    <td className="px-4 py-2 text-right tabular-nums">{count(s.playCount)}</td>
                    <td className="px-4 py-2 text-zinc-600">{dateTime(s.updatedAt)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pager
            page={query.data.page}
            pageSize={query.data.pageSize}
            total={query.data.total}
            hasMore={query.data.hasMore}
            onPage={(page) => {
              setView({ page });
            }}
          />
        </>
      )}
      {creating ? (
        <NewSeriesDialog
          onClose={() => {
            setCreating(false);
          }}
        />
      ) : null}
    </section>
  );
}
