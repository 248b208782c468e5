import type { FastifyReply } from 'fastify';
import type { AppInstance } from '../../http/types';
import { SUBTITLE_LANGUAGES, type SubtitleLanguage } from '../../media/index';
import type { MediaAnswer, PlaybackService } from './playback.service';

const EPISODE_ID = /^[1-9]\d{0,9}$/;
export const RENDITION = /^[a-z0-9]{1,16}$/;
const SUBTITLE_FILE = new RegExp(`^(${SUBTITLE_LANGUAGES.join('|')})\\.vtt$`);
/** A free episode's subtitles: the same for everyone, so a shared cache may keep them briefly. */
const SHAREABLE = 'public, max-age=300';

export function episodeIdOf(raw: unknown): number | null {
  if (typeof raw !== 'string' || !EPISODE_ID.test(raw)) return null;
  const id = Number(raw);
  return id <= 2147483647 ? id : null;
}

/** Media requests answer plain statuses, never envelopes: players read HTTP codes, not JSON. */
export function sendPlain(reply: FastifyReply, status: 403 | 404 | 416, text: string) {
  return reply.status(status).header('cache-control', 'no-store').type('text/plain; charset=utf-8').send(text);
}

/** A media answer as plain HTTP: the body, or a short 403/404 text. */
export function sendMediaAnswer(reply: FastifyReply, answer: MediaAnswer, cacheControl: string) {
  if (answer.status !== 200) return sendPlain(reply, answer.status, answer.status === 403 ? 'Forbidden' : 'Not found');
  return reply.status(200).header('cache-control', cacheControl).type(answer.contentType).send(answer.body);
}

/**
 * Playlists and keys of episodes, decided per request for the caller (cookie or X-User-Token):
 * 403 for an episode they may not watch, 404 for one that does not exist or has no media.
 */
export function registerPlaybackRoutes(app: AppInstance, playback: PlaybackService): void {
  const userOf = async (req: { auth(): Promise<{ userId: string } | null> }) => (await req.auth())?.userId ?? null;

  app.get(
    '/api/media/episodes/:episodeId/master.m3u8',
    {
      schema: {
        tags: ['playback'],
        summary: "An episode's HLS master playlist (403 when the caller may not watch it)",
      },
    },
    async (req, reply) => {
      const id = episodeIdOf((req.params as { episodeId?: unknown }).episodeId);
      if (id === null) return sendPlain(reply, 404, 'Not found');
      return sendMediaAnswer(reply, await playback.masterPlaylist(await userOf(req), id), 'private, no-store');
    },
  );

  app.get(
    '/api/media/episodes/:episodeId/:rendition/index.m3u8',
    {
      schema: {
        tags: ['playback'],
        summary:
          "One rendition's playlist: encrypted segments and the key's address (403 when the caller may not watch it)",
      },
    },
    async (req, reply) => {
      const params = req.params as { episodeId?: unknown; rendition?: unknown };
      const id = episodeIdOf(params.episodeId);
      if (id === null || typeof params.rendition !== 'string' || !RENDITION.test(params.rendition))
        return sendPlain(reply, 404, 'Not found');
      return sendMediaAnswer(
        reply,
        await playback.mediaPlaylist(await userOf(req), id, params.rendition),
        'private, no-store',
      );
    },
  );

  app.get(
    '/api/media/episodes/:episodeId/subtitles/:file',
    {
      schema: {
        tags: ['playback'],
        summary: 'A subtitle file (WebVTT) of an episode, only for a caller who may watch it; checked on every request',
      },
    },
    async (req, reply) => {
      const params = req.params as { episodeId?: unknown; file?: unknown };
      const id = episodeIdOf(params.episodeId);
      const language =
        typeof params.file === 'string'
          ? (SUBTITLE_FILE.exec(params.file)?.[1] as SubtitleLanguage | undefined)
          : undefined;
      if (id === null || !language) return sendPlain(reply, 404, 'Not found');
      const answer = await playback.subtitle(await userOf(req), id, language);
      return sendMediaAnswer(
        reply,
        answer,
        answer.status === 200 && answer.shareable ? SHAREABLE : 'private, no-store',
      );
    },
  );

  app.get(
    '/api/media/keys/:episodeId',
    {
      compress: false,
      schema: {
        tags: ['playback'],
        summary: "The episode's AES-128 key (16 bytes), only for a caller who may watch it; checked on every request",
      },
    },
    async (req, reply) => {
      const id = episodeIdOf((req.params as { episodeId?: unknown }).episodeId);
      if (id === null) return sendPlain(reply, 404, 'Not found');
      return sendMediaAnswer(reply, await playback.contentKey(await userOf(req), id), 'no-store, private');
    },
  );
}
