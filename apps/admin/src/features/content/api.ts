import { keepPreviousData, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminEpisode, AdminEpisodeInput, AdminEpisodePricing, AdminPage, AdminSeries, AdminSeriesInput, AdminSeriesSummary, AdminTag, AdminTagInput } from '@episodic/contract';
import { api } from '../../shared/api';
import { useAdminMutation } from '../../shared/mutation';

export interface SeriesFilter {
  page: number;
  q: string;
  status: '' | 'draft' | 'published';
}

export const seriesListQuery = (f: SeriesFilter) =>
  queryOptions({
    queryKey: ['admin', 'series', 'list', f] as const,
    queryFn: ({ signal }) => {
      const params = new URLSearchParams({ page: String(f.page), pageSize: '20' });
      if (f.q.trim()) params.set('q', f.q.trim());
      if (f.status) params.set('status', f.status);
      return api.get<AdminPage<AdminSeriesSummary>>(`/api/admin/series?${params.toString()}`, signal);
    },
    placeholderData: keepPreviousData,
  });

export const seriesQuery = (id: number) =>
  queryOptions({
    queryKey: ['admin', 'series', id] as const,
    queryFn: ({ signal }) => api.get<AdminSeries>(`/api/admin/series/${id}`, signal),
    // While a video is being packaged, its progress is read again every second and a half.
    refetchInterval: (query) => (query.state.data?.episodeList.some((e) => e.job?.status === 'queued' || e.job?.status === 'running') ? 1500 : false),
  });

export const tagsQuery = queryOptions({ queryKey: ['admin', 'tags'] as const, queryFn: ({ signal }) => api.get<AdminTag[]>('/api/admin/tags', signal) });

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
    update: useContentMutation((input: AdminSeriesInput) => api.patch<AdminSeries>(`/api/admin/series/${id}`, input), put),
    status: useContentMutation((status: 'draft' | 'published') => api.post<AdminSeries>(`/api/admin/series/${id}/status`, { status }), put),
    reorder: useContentMutation((episodeIds: number[]) => api.put<AdminSeries>(`/api/admin/series/${id}/episode-order`, { episodeIds }), put),
    pricing: useContentMutation((pricing: AdminEpisodePricing) => api.post<AdminSeries>(`/api/admin/series/${id}/pricing`, pricing), put),
    addEpisode: useContentMutation((input: AdminEpisodeInput) => api.post<AdminEpisode>(`/api/admin/series/${id}/episodes`, input)),
    updateEpisode: useContentMutation(({ episodeId, input }: { episodeId: number; input: AdminEpisodeInput }) => api.patch<AdminEpisode>(`/api/admin/episodes/${episodeId}`, input)),
    episodeStatus: useContentMutation(({ episodeId, status }: { episodeId: number; status: 'draft' | 'published' }) => api.post<AdminEpisode>(`/api/admin/episodes/${episodeId}/status`, { status })),
    artwork: useContentMutation(({ kind, file }: { kind: 'cover' | 'banner'; file: File }) => api.upload<{ url: string }>(`/api/admin/series/${id}/artwork/${kind}`, file)),
  };
}

export const useCreateSeries = (after: (series: AdminSeries) => void) => useContentMutation((input: AdminSeriesInput) => api.post<AdminSeries>('/api/admin/series', input), after);

export function useTagMutations() {
  return {
    create: useContentMutation((input: AdminTagInput) => api.post<AdminTag>('/api/admin/tags', input)),
    update: useContentMutation(({ id, input }: { id: number; input: AdminTagInput }) => api.patch<AdminTag>(`/api/admin/tags/${id}`, input)),
    remove: useContentMutation((id: number) => api.del<unknown>(`/api/admin/tags/${id}`)),
    reorder: useContentMutation((ids: number[]) => api.put<AdminTag[]>('/api/admin/tag-order', { ids })),
  };
}
