import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { isViewerRoute } from '@episodic/contract/constants';
import { withInlinePlayer } from './inline-player';
import { SharedCompressed, sendCompressed } from './prebuilt';
import { sendApiNotFound } from './protocol';
import { isUnder, normalizedPath } from './route-path';
import type { ConsoleOrigin } from './console-origin';

export interface SpaOptions {
  webDist: string;
  adminDist: string;
  /** Which host serves which app (both on every host while the console has no origin of its own). */
  hosts?: Pick<ConsoleOrigin, 'servesConsole' | 'servesViewer'>;
  /** What a landing page's document carries (http/landing-data.ts), or null. */
  landing?: (req: FastifyRequest) => Promise<LandingDocument | null>;
}

export interface LandingDocument {
  /** The data block for the document's head. */
  block: string;
  /** The early player's `<script>` for the end of its body (http/inline-player.ts), or ''. */
  script: string;
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

/** index.html as read from disk, read again only when the file changes (a new build). */
const templates = new Map<string, { html: string; mtimeMs: number; version: number }>();
let templateVersion = 0;

async function indexTemplate(dist: string): Promise<{ html: string; version: number } | null> {
  const file = path.join(dist, 'index.html');
  try {
    const { mtimeMs } = await fs.promises.stat(file);
    const known = templates.get(dist);
    if (known && known.mtimeMs === mtimeMs) return known;
    const read = { html: await fs.promises.readFile(file, 'utf8'), mtimeMs, version: ++templateVersion };
    templates.set(dist, read);
    return read;
  } catch {
    return null;
  }
}

/** A first visit's documents are the same for every newcomer to an episode: each is compressed once. */
const firstVisits = new SharedCompressed();

/**
 * The viewer app's index.html with a landing page's data block (and on a first visit, the early
 * player's code): made for one session, so kept by no shared cache and, having no validator, asked for
 * again on every visit.
 */
async function sendIndexWith(reply: FastifyReply, dist: string, landing: LandingDocument) {
  const template = await indexTemplate(dist);
  if (!template?.html.includes(LANDING_PLACEHOLDER)) return sendIndex(reply, dist);
  reply.status(200).header('cache-control', 'private, no-cache').type('text/html; charset=utf-8');
  const html = withInlinePlayer(
    template.html.replace(LANDING_PLACEHOLDER, () => landing.block),
    landing.script,
  );
  // Without a session the block depends on the address and language alone.
  if (landing.script)
    return firstVisits.send(reply.request, reply, `${String(template.version)}\n${landing.block}`, html);
  return sendCompressed(reply.request, reply, html);
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
    const landing = req.method === 'GET' && opts.landing ? await opts.landing(req) : null;
    return landing ? sendIndexWith(reply, opts.webDist, landing) : sendIndex(reply, opts.webDist);
  });
}
