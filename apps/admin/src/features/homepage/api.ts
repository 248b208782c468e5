import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminSectionInput } from '@episodic/contract';
import { api } from '../../shared/api';
import { useAdminMutation } from '../../shared/mutation';

export const sectionsQuery = queryOptions({
  queryKey: ['admin', 'homepage'] as const,
  queryFn: ({ signal }) => api.get('/api/admin/homepage', { signal }),
});

export const useSections = () => useQuery(sectionsQuery);

export function useSectionMutations() {
  const areas = ['homepage'];
  return {
    create: useAdminMutation(
      (input: AdminSectionInput) => api.post('/api/admin/homepage/sections', { body: input }),
      areas,
    ),
    update: useAdminMutation(
      ({ id, input }: { id: number; input: AdminSectionInput }) =>
        api.patch('/api/admin/homepage/sections/{id}', { path: { id }, body: input }),
      areas,
    ),
    remove: useAdminMutation((id: number) => api.del('/api/admin/homepage/sections/{id}', { path: { id } }), areas),
    items: useAdminMutation(
      ({ id, seriesIds }: { id: number; seriesIds: number[] }) =>
        api.put('/api/admin/homepage/sections/{id}/items', { path: { id }, body: { seriesIds } }),
      areas,
    ),
    tags: useAdminMutation(
      ({ id, tagIds }: { id: number; tagIds: number[] }) =>
        api.put('/api/admin/homepage/sections/{id}/tags', { path: { id }, body: { tagIds } }),
      areas,
    ),
    reorder: useAdminMutation((ids: number[]) => api.put('/api/admin/homepage/order', { body: { ids } }), areas),
  };
}
