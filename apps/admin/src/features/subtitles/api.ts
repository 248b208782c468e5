import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminEpisodeSubtitles } from '@episodic/contract';
import { ADMIN_SUBTITLE_MAX_BYTES } from '@episodic/contract/constants';
import { api } from '../../shared/api';
import { useAdminMutation } from '../../shared/mutation';

export type SubtitleLanguage = AdminEpisodeSubtitles['tracks'][number]['language'];

export const subtitlesQuery = (episodeId: number) =>
  queryOptions({
    queryKey: ['admin', 'subtitles', episodeId] as const,
    queryFn: ({ signal }) => api.get('/api/admin/episodes/{id}/subtitles', { path: { id: episodeId }, signal }),
    staleTime: 60_000,
  });

export const useSubtitles = (episodeId: number) => useQuery(subtitlesQuery(episodeId));

/** A file's bytes as base64, the way the upload carries them (the server checks the encoding, not the browser). */
export async function fileToBase64(file: Blob): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/** Refused before sending: what the server would refuse anyway, said at once. */
export function localProblem(file: File): string | null {
  if (!/\.(vtt|srt)$/i.test(file.name)) return 'Subtitles must be a .vtt (WebVTT) or .srt file.';
  if (file.size > ADMIN_SUBTITLE_MAX_BYTES)
    return `The file is larger than ${ADMIN_SUBTITLE_MAX_BYTES / 1024} KB; subtitle files are much smaller.`;
  return null;
}

export function useSubtitleMutations(episodeId: number) {
  const client = useQueryClient();
  const keep = (data: AdminEpisodeSubtitles) => {
    client.setQueryData(subtitlesQuery(episodeId).queryKey, data);
  };
  return {
    upload: useAdminMutation(
      async ({ language, file }: { language: SubtitleLanguage; file: File }) =>
        api.put('/api/admin/episodes/{id}/subtitles/{language}', {
          path: { id: episodeId, language },
          body: { fileName: file.name, data: await fileToBase64(file) },
        }),
      [],
      keep,
    ),
    remove: useAdminMutation(
      (language: SubtitleLanguage) =>
        api.del('/api/admin/episodes/{id}/subtitles/{language}', { path: { id: episodeId, language } }),
      [],
      keep,
    ),
  };
}
