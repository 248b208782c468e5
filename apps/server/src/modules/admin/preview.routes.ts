import type { AppInstance } from '../../http/types';
import { episodeIdOf, RENDITION, sendMediaAnswer, sendPlain, type PlaybackService } from '../playback/index';

const tags = ['admin'];
/** Draft media and its key are for this operator only: never kept by a cache. */
const PRIVATE = 'private, no-store';

/** The key route of an episode's preview (under /api/admin so the console's cookie is sent with it). */
export const previewKeyPath = (episodeId: number) => `/api/admin/episodes/${String(episodeId)}/preview/key`;

/**
 * The console's preview of an episode, draft or published, as long as its media is ready: the same
 * playlists as playback's with the key fetched from the console's own route. The route guard has
 * already checked the operator's role; answers are plain HTTP (players read statuses, not envelopes).
 */
export function registerPreviewRoutes(app: AppInstance, preview: PlaybackService['preview']): void {
  app.get(
    '/api/admin/episodes/:id/preview/master.m3u8',
    { schema: { tags, summary: "An episode's HLS master playlist for the console's preview (any status)" } },
    async (req, reply) => {
      const id = episodeIdOf((req.params as { id?: unknown }).id);
      if (id === null) return sendPlain(reply, 404, 'Not found');
      return sendMediaAnswer(reply, await preview.masterPlaylist(id), PRIVATE);
    },
  );

  app.get(
    '/api/admin/episodes/:id/preview/:rendition/index.m3u8',
    {
      schema: {
        tags,
        summary: "One rendition's playlist for the console's preview: public encrypted segments, the preview key",
      },
    },
    async (req, reply) => {
      const params = req.params as { id?: unknown; rendition?: unknown };
      const id = episodeIdOf(params.id);
      if (id === null || typeof params.rendition !== 'string' || !RENDITION.test(params.rendition))
        return sendPlain(reply, 404, 'Not found');
      return sendMediaAnswer(reply, await preview.mediaPlaylist(id, params.rendition, previewKeyPath(id)), PRIVATE);
    },
  );

  app.get(
    '/api/admin/episodes/:id/preview/key',
    {
      compress: false,
      schema: { tags, summary: "The episode's AES-128 key (16 bytes) for the console's preview" },
    },
    async (req, reply) => {
      const id = episodeIdOf((req.params as { id?: unknown }).id);
      if (id === null) return sendPlain(reply, 404, 'Not found');
      return sendMediaAnswer(reply, await preview.contentKey(id), PRIVATE);
    },
  );
}
