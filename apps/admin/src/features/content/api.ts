import { keepPreviousData, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiData } from '@episodic/api-client';
import type {
  AdminEpisodeInput,
  AdminEpisodePricing,
  AdminSeriesInput,
  AdminSeriesUpdate,
  AdminTagInput,
} from '@episodic/contract';
import { api, given } from '../../shared/api';

type AdminSeries = ApiData<'/api/admin/series/{id}', 'get'>;
import { useAdminMutation } from '../../shared/mutation';
import type { SeriesSort, SortDirection } from '@episodic/contract/constants';

export interface SeriesFilter {
  page: number;
  q: string;
  status: '' | 'draft' | 'published' | 'archived';
  sort?: SeriesSort | '';
  dir?: SortDirection | '';
}

export const seriesListQuery = (f: SeriesFilter) =>
  queryOptions({
    queryKey: ['admin', 'series', 'list', f] as const,
    queryFn: ({ signal }) =>
      api.get('/api/admin/series', {
        query: {
          page: f.page,
          pageSize: 20,
          q: given(f.q),
          status: f.status || undefined,
          sort: f.sort || undefined,
          dir: f.dir || undefined,
        },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

export const seriesQuery = (id: number) =>
  queryOptions({
    queryKey: ['admin', 'series', id] as const,
    queryFn: ({ signal }) => api.get('/api/admin/series/{id}', { path: { id }, signal }),
    // While a video is being packaged, its progress is read again every second and a half.
    refetchInterval: (query) =>
      query.state.data?.episodeList.some((e) => e.job?.status === 'queued' || e.job?.status === 'running')
        ? 1500
        : false,
  });

export const tagsQuery = queryOptions({
  queryKey: ['admin', 'tags'] as const,
  queryFn: ({ signal }) => api.get('/api/admin/tags', { signal }),
});

/** Who would notice a series or an episode leaving the app: read fresh each time a dialog asks. */
export const impactQuery = (target: 'series' | 'episode', id: number) =>
  queryOptions({
    queryKey: ['admin', 'series', 'impact', target, id] as const,
    queryFn: ({ signal }) =>
      target === 'series'
        ? api.get('/api/admin/series/{id}/impact', { path: { id }, signal })
        : api.get('/api/admin/episodes/{id}/impact', { path: { id }, signal }),
    staleTime: 0,
    gcTime: 0,
  });

export const useImpact = (target: 'series' | 'episode', id: number) => useQuery(impactQuery(target, id));
export const useSeriesList = (f: SeriesFilter) => useQuery(seriesListQuery(f));
export const useSeries = (id: number) => useQuery(seriesQuery(id));
export const useTags = () => useQuery(tagsQuery);

const CONTENT = ['series', 'tags', 'homepage'] as const;
function useContentMutation<I, O>(fn: (input: I) => Promise<O>, after?: (result: O) => void) {
  return useAdminMutation(fn, CONTENT, after);
}

export function useSeriesMutations(id: number) {
  const client = useQueryClient();
  const put = (series: AdminSeries) => {
    client.setQueryData(seriesQuery(id).queryKey, series);
  };
  return {
    update: useContentMutation(
      (input: AdminSeriesUpdate) => api.patch('/api/admin/series/{id}', { path: { id }, body: input }),
      put,
    ),
    status: useContentMutation(
      (status: 'draft' | 'published') => api.post('/api/admin/series/{id}/status', { path: { id }, body: { status } }),
      put,
    ),
    reorder: useContentMutation(
      (episodeIds: number[]) => api.put('/api/admin/series/{id}/episode-order', { path: { id }, body: { episodeIds } }),
      put,
    ),
    pricing: useContentMutation(
      (pricing: AdminEpisodePricing) => api.post('/api/admin/series/{id}/pricing', { path: { id }, body: pricing }),
      put,
    ),
    addEpisode: useContentMutation((input: AdminEpisodeInput) =>
      api.post('/api/admin/series/{id}/episodes', { path: { id }, body: input }),
    ),
    updateEpisode: useContentMutation(({ episodeId, input }: { episodeId: number; input: AdminEpisodeInput }) =>
      api.patch('/api/admin/episodes/{id}', { path: { id: episodeId }, body: input }),
    ),
    episodeStatus: useContentMutation(({ episodeId, status }: { episodeId: number; status: 'draft' | 'published' }) =>
      api.post('/api/admin/episodes/{id}/status', { path: { id: episodeId }, body: { status } }),
    ),
    archive: useContentMutation(
      (archive: boolean) =>
        archive
          ? api.post('/api/admin/series/{id}/archive', { path: { id }, body: {} })
          : api.post('/api/admin/series/{id}/restore', { path: { id }, body: {} }),
      put,
    ),
    archiveEpisode: useContentMutation(({ episodeId, archive }: { episodeId: number; archive: boolean }) =>
      archive
        ? api.post('/api/admin/episodes/{id}/archive', { path: { id: episodeId }, body: {} })
        : api.post('/api/admin/episodes/{id}/restore', { path: { id: episodeId }, body: {} }),
    ),
    artwork: useContentMutation(({ kind, file }: { kind: 'cover' | 'banner'; file: File }) =>
      api.upload('/api/admin/series/{id}/artwork/{kind}', file, { path: { id, kind } }),
    ),
  };
}

export const useCreateSeries = (after: (series: AdminSeries) => void) =>
  useContentMutation((input: AdminSeriesInput) => api.post('/api/admin/series', { body: input }), after);

export function useTagMutations() {
  return {
    create: useContentMutation((input: AdminTagInput) => api.post('/api/admin/tags', { body: input })),
    update: useContentMutation(({ id, input }: { id: number; input: AdminTagInput }) =>
      api.patch('/api/admin/tags/{id}', { path: { id }, body: input }),
    ),
    remove: useContentMutation((id: number) => api.del('/api/admin/tags/{id}', { path: { id } })),
    reorder: useContentMutation((ids: number[]) => api.put('/api/admin/tag-order', { body: { ids } })),
  };
}
