import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from 'node:zlib';
import { LRUCache } from 'lru-cache';
import { COMPRESSION_THRESHOLD } from './compression';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * A JSON answer serialized and compressed once and served as is, with validators for revalidation:
 * answering it costs a lookup and a write, not a serialization and a compression per request.
 */
export interface PrebuiltJson {
  /** The plain answer as bytes: a string would be encoded again on every send. */
  body: Buffer;
  etag: string;
  br: { data: Buffer; etag: string };
  gzip: { data: Buffer; etag: string };
}

export function prebuildJson(body: string): PrebuiltJson {
  const hash = createHash('sha1').update(body).digest('base64url');
  // A window just large enough for the body: at the default (4 MB) quality 9 spends 10 to 15 ms
  // setting up its tables for an 8 kB search page, at 64 kB 0.5 ms, for the same size or smaller.
  const lgwin = Math.min(constants.BROTLI_MAX_WINDOW_BITS, Math.max(16, Math.ceil(Math.log2(body.length + 16))));
  return {
    body: Buffer.from(body),
    etag: `"${hash}"`,
    br: {
      data: brotliCompressSync(body, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: 9,
          [constants.BROTLI_PARAM_LGWIN]: lgwin,
          [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      }),
      etag: `"${hash}-br"`,
    },
    gzip: { data: gzipSync(body, { level: 9 }), etag: `"${hash}-gz"` },
  };
}

type Encoding = 'br' | 'gzip' | null;
// Browsers send a handful of distinct Accept-Encoding values: each is parsed once.
const chosen = new Map<string, Encoding>();

/** Which encoding the client takes: brotli first, then gzip, else none (q=0 refuses one). */
function chooseEncoding(header: string | undefined): Encoding {
  if (!header) return null;
  let encoding = chosen.get(header);
  if (encoding === undefined) {
    encoding = parseEncoding(header);
    if (chosen.size >= 256) chosen.clear();
    chosen.set(header, encoding);
  }
  return encoding;
}

function parseEncoding(header: string): Encoding {
  const accepted = new Set(
    header
      .toLowerCase()
      .split(',')
      .map((part) => part.trim().split(';'))
      .filter(([, q]) => !q || !/^\s*q=0(\.0*)?\s*$/.test(q))
      .map(([name]) => name!.trim()),
  );
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip') || accepted.has('*')) return 'gzip';
  return null;
}

/**
 * Sends a text answer made for one request, compressed when the client takes it: quick settings, as it
 * is compressed once per request (a 14 kB document: about 0.5 ms, to 6 kB).
 */
export function sendCompressed(req: FastifyRequest, reply: FastifyReply, text: string): FastifyReply {
  const encoding = chooseEncoding(req.headers['accept-encoding']);
  reply.header('vary', 'accept-encoding');
  if (!encoding || text.length < COMPRESSION_THRESHOLD) return reply.send(text);
  const data =
    encoding === 'br'
      ? brotliCompressSync(text, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: 4,
            [constants.BROTLI_PARAM_LGWIN]: 18,
            [constants.BROTLI_PARAM_SIZE_HINT]: text.length,
          },
        })
      : gzipSync(text, { level: 6 });
  return reply.header('content-encoding', encoding).send(data);
}

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Compressed copies of large documents that many requests share (a first visit's document of an
 * episode, with the early player's code: the same for every newcomer), each compressed once per
 * encoding, off the event loop (about 15 ms for 390 kB), and kept while used (32 MB at most).
 */
export class SharedCompressed {
  private readonly copies = new LRUCache<string, Buffer, string>({
    maxSize: 32 * 1024 * 1024,
    sizeCalculation: (data) => Math.max(1, data.length),
    // Concurrent requests for one copy share one compression.
    fetchMethod: (key, _stale, { context }) =>
      key.startsWith('br\n')
        ? brotliAsync(context, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: 6,
              [constants.BROTLI_PARAM_LGWIN]: 20,
              [constants.BROTLI_PARAM_SIZE_HINT]: context.length,
            },
          })
        : gzipAsync(context, { level: 9 }),
  });

  /** Sends `text`, compressed when the client takes it; `key` names it (the same key, the same text). */
  async send(req: FastifyRequest, reply: FastifyReply, key: string, text: string): Promise<FastifyReply> {
    const encoding = chooseEncoding(req.headers['accept-encoding']);
    reply.header('vary', 'accept-encoding');
    if (!encoding) return reply.send(text);
    const data = await this.copies.fetch(`${encoding}\n${key}`, { context: text });
    return data ? reply.header('content-encoding', encoding).send(data) : reply.send(text);
  }
}

/**
 * Sends a prebuilt answer. The browser may keep it but must revalidate (`private, no-cache`): an
 * unchanged answer costs a 304 without a body.
 */
export function sendPrebuilt(req: FastifyRequest, reply: FastifyReply, answer: PrebuiltJson): FastifyReply {
  const encoding = chooseEncoding(req.headers['accept-encoding']);
  const variant = encoding ? answer[encoding] : null;
  reply
    .header('etag', variant?.etag ?? answer.etag)
    .header('cache-control', 'private, no-cache')
    .header('vary', 'accept-encoding');
  const match = req.headers['if-none-match'];
  if (match) {
    const known = [answer.etag, answer.br.etag, answer.gzip.etag];
    if (match.split(',').some((tag) => known.includes(tag.trim().replace(/^W\//, '')))) return reply.code(304).send();
  }
  reply.type('application/json; charset=utf-8');
  if (variant && encoding) return reply.header('content-encoding', encoding).send(variant.data);
  return reply.send(answer.body);
}
