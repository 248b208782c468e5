import fastifyCompress from '@fastify/compress';
import type { FastifyInstance, RouteOptions } from 'fastify';

/**
 * What is sent compressed when the browser accepts it: the library's default types (text, JSON, XML)
 * and HLS playlists, whose text shrinks to a fifth; a 90-second episode's rendition playlist (a key
 * line per segment) is several kilobytes on the path to its first frame. Segments and keys are not:
 * their routes turn compression off.
 */
const COMPRESSIBLE =
  /^text\/(?!event-stream)|(?:\+|\/)json(?:;|$)|(?:\+|\/)text(?:;|$)|(?:\+|\/)xml(?:;|$)|octet-stream(?:;|$)|^application\/vnd\.apple\.mpegurl(?:;|$)/u;

/** Answers smaller than this go out as they are: compressing them saves less than it costs. */
export const COMPRESSION_THRESHOLD = 1024;

/**
 * Answers up to this size are compressed in one call, not through a zlib stream: brotli (quality 4)
 * of 8 / 16 / 32 kB of our JSON took 58 / 68 / 106 µs that way against 160 / 198 / 193 µs of CPU
 * for a stream (2026-11-27, two cores). The library's default on two cores is 8 kB, under a page
 * of 20 series cards; 32 kB holds the event loop for about a tenth of a millisecond at most.
 */
const SYNC_COMPRESSION_LIMIT = 32 * 1024;

/**
 * Answers compressed per request (the prebuilt lists carry their own brotli, at quality 9) go out in
 * gzip when the browser takes it: for 8 kB of our JSON, gzip (level 6) took 37 µs of CPU for 1,721
 * bytes against brotli's (quality 4) 50–65 µs for 1,758; a viewer's list page cost 116 µs of server
 * CPU per request in gzip against 170 in brotli.
 */
const PER_REQUEST_ENCODINGS: ('gzip' | 'br')[] = ['gzip', 'br'];

type OnSend = (req: unknown, reply: unknown, payload: unknown, done: (err?: unknown, value?: unknown) => void) => void;
const onSendCount = Symbol('onSendCount');
type Route = RouteOptions & { [onSendCount]?: number; compress?: unknown; decompress?: unknown };
const hooksOf = (route: Route): OnSend[] =>
  Array.isArray(route.onSend) ? (route.onSend as OnSend[]) : route.onSend ? [route.onSend as OnSend] : [];

/** Whether compression would send this payload as it is (a string or bytes under the threshold). */
function belowThreshold(payload: unknown): boolean {
  if (typeof payload === 'string')
    return payload.length < COMPRESSION_THRESHOLD && Buffer.byteLength(payload) < COMPRESSION_THRESHOLD;
  return Buffer.isBuffer(payload) && payload.length < COMPRESSION_THRESHOLD;
}

/**
 * Response compression (@fastify/compress, gzip then brotli), at the cost of the requests that use it:
 * - request bodies are decompressed only on routes that read one (a GET or HEAD route reads none, so
 *   it runs no decompression hook);
 * - the library's per-route onSend hook, which weighs headers and negotiates `Accept-Encoding` before
 *   it looks at the size, is not entered for a string or bytes under the threshold (it would send them
 *   unchanged, without a header): most API answers, `GET /api/user` among them.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  // Before the library's own onRoute hook: it reads `decompress` and appends its onSend.
  app.addHook('onRoute', (route: Route) => {
    const methods = [route.method].flat();
    if (route.decompress === undefined && methods.every((m) => m === 'GET' || m === 'HEAD')) route.decompress = false;
    route[onSendCount] = hooksOf(route).length;
  });
  await app.register(fastifyCompress, {
    threshold: COMPRESSION_THRESHOLD,
    syncThreshold: SYNC_COMPRESSION_LIMIT,
    encodings: PER_REQUEST_ENCODINGS,
    customTypes: COMPRESSIBLE,
  });
  // After it: the one hook it appended (none on a route with `compress: false`) is the last.
  app.addHook('onRoute', (route: Route) => {
    const hooks = hooksOf(route);
    if (route.compress !== undefined || hooks.length !== (route[onSendCount] ?? 0) + 1) return;
    const compress = hooks[hooks.length - 1]!;
    hooks[hooks.length - 1] = function compressUnlessSmall(req, reply, payload, done) {
      if (belowThreshold(payload)) return done(null, payload);
      compress.call(this, req, reply, payload, done);
    };
    route.onSend = hooks as RouteOptions['onSend'];
  });
}
