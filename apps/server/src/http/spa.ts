import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { isViewerRoute } from '@episodic/contract/constants';
import { sendApiNotFound } from './protocol';
import { isUnder, normalizedPath } from './route-path';
import type { ConsoleOrigin } from './console-origin';

export interface SpaOptions {
  webDist: string;
  adminDist: string;
  /** Which host serves which app (both on every host while the console has no origin of its own). */
  hosts?: Pick<ConsoleOrigin, 'servesConsole' | 'servesViewer'>;
  /** A data block for the head of a landing page's document (http/landing-data.ts), or null. */
  landing?: (req: FastifyRequest) => Promise<string | null>;
}

/** Where the viewer app's index.html takes a landing page's data block (apps/web/index.html). */
const LANDING_PLACEHOLDER = '<!--landing-data-->';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';
const SHORT = 'public, max-age=3600';

function cacheControlFor(filePath: string): string {
  if (filePath.endsWith('.html') || filePath.endsWith('sw.js') || filePath.endsWith('manifest.webmanifest'))
    return REVALIDATE;
  if (filePath.includes(`${path.sep}assets${path.sep}`)) return IMMUTABLE;
  return SHORT;
}

const NOT_BUILT = `<!doctype html><meta charset="utf-8"><title>Episodic</title>
<p>This app has not been built yet. Run <code>npm run build</code> (or <code>npm start</code>, which builds first).</p>`;

function sendIndex(reply: FastifyReply, dist: string, status = 200) {
  reply.header('cache-control', REVALIDATE);
  if (!fs.existsSync(path.join(dist, 'index.html')))
    return reply.status(503).type('text/html; charset=utf-8').send(NOT_BUILT);
  return reply.status(status).sendFile('index.html', dist);
}

/**
 * The viewer app's index.html with a landing page's data block: made for one session, so kept by no
 * shared cache and, having no validator, asked for again on every visit.
 */
async function sendIndexWith(reply: FastifyReply, dist: string, block: string) {
  let html: string;
  try {
    html = await fs.promises.readFile(path.join(dist, 'index.html'), 'utf8');
  } catch {
    return sendIndex(reply, dist);
  }
  if (!html.includes(LANDING_PLACEHOLDER)) return sendIndex(reply, dist);
  return reply
    .status(200)
    .header('cache-control', 'private, no-cache')
    .type('text/html; charset=utf-8')
    .send(html.replace(LANDING_PLACEHOLDER, () => block));
}

/**
 * Serves the built viewer app at / and the console at /admin/, with history-mode fallback:
 * every unknown non-API path answers the app's index.html, with a 200 for the viewer's client routes
 * and a 404 for any other address (the app then draws its not-found page, and search engines and
 * link checkers see the 404). Hashed assets are immutable, HTML revalidates, and brotli/gzip files
 * made at build time are served as-is. A landing page's document may carry its first API answers.
 */
export async function registerSpa(app: FastifyInstance, opts: SpaOptions): Promise<void> {
  const setHeaders = (reply: FastifyReply, filePath: string) => {
    reply.header('cache-control', cacheControlFor(filePath));
  };

  for (const [dist, prefix] of [
    [opts.webDist, '/'],
    [opts.adminDist, '/admin/'],
  ] as const) {
    fs.mkdirSync(dist, { recursive: true });
    await app.register(fastifyStatic, {
      root: dist,
      prefix,
      decorateReply: prefix === '/',
      wildcard: false,
      preCompressed: true,
      index: ['index.html'],
      redirect: prefix !== '/',
      cacheControl: false,
      setHeaders,
      schemaHide: true,
    });
  }

  const hosts = opts.hosts ?? { servesConsole: () => true, servesViewer: () => true };
  app.setNotFoundHandler(async (req, reply) => {
    // Decoded and normalized: `/%61pi/…` is an API address, `/%61dmin/…` the console's.
    const url = normalizedPath(req.url);
    if (isUnder(url, '/api')) return sendApiNotFound(reply);
    if (req.method !== 'GET' && req.method !== 'HEAD') return reply.status(404).type('text/plain').send('Not found');
    // A missing hashed asset is a real 404: answering HTML there would break the page that asked.
    if (/^\/(admin\/)?assets\//.test(url)) return reply.status(404).type('text/plain').send('Not found');
    // Media files are fetched by players and image tags, which need a real 404 too.
    if (isUnder(url, '/media'))
      return reply.status(404).header('cache-control', 'no-store').type('text/plain').send('Not found');
    if (isUnder(url, '/admin')) {
      if (hosts.servesConsole(req)) return sendIndex(reply, opts.adminDist);
      // The viewer host of a console with its own origin: the viewer app's not-found page, as a 404.
      return sendIndex(reply, opts.webDist, 404);
    }
    // The console's host serves no viewer app: its pixels must never run on the console's origin.
    if (!hosts.servesViewer(req)) return reply.status(404).type('text/plain').send('Not found');
    if (!isViewerRoute(req.url)) return sendIndex(reply, opts.webDist, 404);
    const block = req.method === 'GET' && opts.landing ? await opts.landing(req) : null;
    return block ? sendIndexWith(reply, opts.webDist, block) : sendIndex(reply, opts.webDist);
  });
}
