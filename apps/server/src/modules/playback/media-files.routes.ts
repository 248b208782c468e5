import path from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppInstance } from '../../http/types';
import { contentTypeFor, IMMUTABLE, isValidKey, RangeNotSatisfiableError, type StorageDriver } from '../../media/index';
import { etagMatches, ifRangeAllows, parseRange } from './byte-range';
import { sendPlain } from './playback.routes';

/**
 * What `/media/` serves: segments (ciphertext) and images. Playlists and subtitles are not among
 * them (they are served, per user, by the playback routes), and keys never reach storage.
 */
const SERVABLE = new Set(['.ts', '.jpg', '.jpeg', '.png', '.webp']);

function single(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/**
 * GET/HEAD `/media/<key>`: files from storage with byte ranges (206/416), ETags (304), and a
 * year-long immutable cache policy (everything stored is written once under a unique key). Also
 * the origin behind a CDN at MEDIA_PUBLIC_URL.
 */
export function registerMediaFileRoutes(app: AppInstance, storage: StorageDriver): void {
  app.route({
    method: ['GET', 'HEAD'],
    url: '/media/*',
    compress: false,
    schema: { hide: true },
    handler: async (req: FastifyRequest, reply: FastifyReply) => {
      const key = (req.params as Record<string, string | undefined>)['*'] ?? '';
      if (!isValidKey(key) || !SERVABLE.has(path.extname(key).toLowerCase())) return sendPlain(reply, 404, 'Not found');
      const info = await storage.stat(key);
      if (!info) return sendPlain(reply, 404, 'Not found');

      reply
        .header('etag', info.etag)
        .header('last-modified', info.lastModified.toUTCString())
        .header('cache-control', IMMUTABLE)
        .header('accept-ranges', 'bytes')
        .header('x-content-type-options', 'nosniff')
        // Players on the site's origin fetch these from a CDN's origin too (MEDIA_PUBLIC_URL): the
        // files are public (segments are ciphertext), so any origin may read them.
        .header('access-control-allow-origin', '*')
        .header('access-control-expose-headers', 'content-length, content-range, etag')
        // The type follows the extension, whatever was stored: storage never decides what a browser renders.
        .type(contentTypeFor(key));
      if (etagMatches(single(req.headers['if-none-match']), info.etag)) return reply.status(304).send();

      const range = ifRangeAllows(single(req.headers['if-range']), info.etag)
        ? parseRange(single(req.headers.range), info.size)
        : ({ kind: 'full' } as const);
      if (range.kind === 'unsatisfiable') {
        return reply
          .status(416)
          .header('content-range', `bytes */${info.size}`)
          .header('cache-control', 'no-store')
          .type('text/plain; charset=utf-8')
          .send('Range not satisfiable');
      }
      const length = range.kind === 'partial' ? range.end - range.start + 1 : info.size;
      if (range.kind === 'partial')
        reply.status(206).header('content-range', `bytes ${range.start}-${range.end}/${info.size}`);
      reply.header('content-length', String(length));
      if (req.method === 'HEAD') return reply.send();

      let read;
      try {
        read = await storage.get(key, range.kind === 'partial' ? { start: range.start, end: range.end } : undefined);
      } catch (err) {
        if (err instanceof RangeNotSatisfiableError) {
          return reply
            .status(416)
            .header('content-range', `bytes */${err.size}`)
            .header('cache-control', 'no-store')
            .type('text/plain; charset=utf-8')
            .send('Range not satisfiable');
        }
        throw err;
      }
      // Deleted between stat and read (an old packaging being cleaned up).
      if (!read) return sendPlain(reply, 404, 'Not found');
      return reply.send(read.body);
    },
  });
}
