import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { inlinePlayer } from './inline-player';
import { isUnder, routePath } from './route-path';

/** Where each configured pixel talks to besides its script's own host (events, images, cookies). */
const PIXEL_ENDPOINTS: Record<string, readonly string[]> = {
  facebook_pixel_id: ['https://www.facebook.com', 'https://connect.facebook.net'],
  google_analytics: [
    'https://www.googletagmanager.com',
    'https://*.google-analytics.com',
    'https://*.analytics.google.com',
  ],
  tiktok_pixel: ['https://analytics.tiktok.com', 'https://analytics-ipv6.tiktokw.us'],
  bigo_pixel: ['https://api.imotech.video', 'https://api-pixel.bigo.sg'],
};

/** What a payment processor's script on the page needs: where it loads from, frames it opens, what it calls. */
export interface ProcessorOrigins {
  script: string[];
  frame: string[];
  connect: string[];
}

const STRIPE_JS_ORIGIN = 'https://js.stripe.com';

/**
 * What Stripe's CSP guide lists for the Payment Element and Express Checkout Element (Stripe.js, its
 * frames, 3-D Secure frames on hooks.stripe.com, its API); a stand-in's own origins when configured.
 */
export function stripeOrigins(stripe: { jsUrl: string; apiUrl: string | null }): ProcessorOrigins {
  const js = origin(stripe.jsUrl);
  const api = stripe.apiUrl ? origin(stripe.apiUrl) : 'https://api.stripe.com';
  if (!js || js === STRIPE_JS_ORIGIN) {
    return {
      script: [STRIPE_JS_ORIGIN, 'https://*.js.stripe.com'],
      frame: [STRIPE_JS_ORIGIN, 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
      connect: [...new Set(['https://api.stripe.com', ...(api ? [api] : [])])],
    };
  }
  return { script: [js], frame: [js], connect: [...new Set([js, ...(api ? [api] : [])])] };
}

export interface SecurityOptions {
  publicUrl: string;
  webDist: string;
  /** Where browsers load each pixel's script from, by configuration key. */
  pixelScripts: Record<string, string>;
  /** The configuration keys that have a value now (only their pixels may load). */
  configuredPixels: () => Promise<string[]>;
  /** Other origins the pages call: a media CDN, error reporting. */
  extraConnect: string[];
  /** The card processor's script and frames on the payment page (Stripe), when configured. */
  processor?: ProcessorOrigins | null;
}

const origin = (url: string): string | null => {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
};

/** The CSP hashes of a document's inline scripts, so they run and nothing injected does. */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const match of html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi)) {
    if (match[1]!.trim()) hashes.push(`'sha256-${createHash('sha256').update(match[1]!).digest('base64')}'`);
  }
  return hashes;
}

/** The viewer app's policy: scripts from here and from the configured pixels only. */
export function viewerPolicy(opts: {
  inlineHashes: string[];
  pixelOrigins: string[];
  connect: string[];
  processor?: ProcessorOrigins | null;
}): string {
  const processor = opts.processor ?? { script: [], frame: [], connect: [] };
  const pixels = [...opts.pixelOrigins, ...processor.script].join(' ');
  const connect = [...new Set([...opts.pixelOrigins, ...opts.connect, ...processor.connect])].join(' ');
  return [
    "default-src 'self'",
    `script-src 'self' ${opts.inlineHashes.join(' ')} ${pixels}`.replace(/\s+/g, ' ').trim(),
    // Only a card processor's own frames (its card fields, 3-D Secure) may be framed here.
    ...(processor.frame.length > 0 ? [`frame-src 'self' ${processor.frame.join(' ')}`] : []),
    // React style attributes (colors of a series) need inline styles; no inline scripts do.
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob: ${connect}`.trim(),
    `media-src 'self' blob: ${opts.connect.join(' ')}`.trim(),
    `connect-src 'self' ${connect}`.trim(),
    "font-src 'self' data:",
    "worker-src 'self' blob:",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/**
 * Security headers: nosniff and a referrer policy on everything, HSTS behind https, and on HTML
 * documents a Content-Security-Policy (no framing; scripts from this origin, the document's own
 * inline scripts by hash, and exactly the pixels the operator configured) and no opener sharing.
 */
export function registerSecurityHeaders(app: FastifyInstance, opts: SecurityOptions): void {
  const https = opts.publicUrl.startsWith('https:');
  let hashes: string[] | null = null;
  const viewerHashes = () => {
    if (hashes) return hashes;
    try {
      const player = inlinePlayer(opts.webDist);
      hashes = [
        ...inlineScriptHashes(fs.readFileSync(path.join(opts.webDist, 'index.html'), 'utf8')),
        // A first visit's document carries the early player's code too.
        ...(player ? [player.hash] : []),
      ];
    } catch {
      return [];
    }
    return hashes;
  };

  // Every answer passes here, most of them API answers: those take their headers without a promise
  // (a callback hook); only an HTML document's policy waits for the configured pixels.
  app.addHook('onSend', (req, reply, payload, done) => {
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    if (https) reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    const type = String(reply.getHeader('content-type') ?? '');
    if (!type.startsWith('text/html') || reply.hasHeader('content-security-policy')) return done(null, payload);
    documentPolicy(req, reply).then(
      () => done(null, payload),
      (err: Error) => done(err),
    );
  });

  async function documentPolicy(req: FastifyRequest, reply: FastifyReply): Promise<void> {
    reply.header('x-frame-options', 'DENY');
    reply.header('cross-origin-opener-policy', 'same-origin');
    // The route matched (or the normalized path of an unknown one), not the address's spelling.
    const url = routePath(req);
    if (isUnder(url, '/admin') || isUnder(url, '/api')) {
      // The console and server-made pages (a bank's test page): this origin only.
      const media = opts.extraConnect
        .map(origin)
        .filter((o): o is string => Boolean(o))
        .join(' ');
      reply.header(
        'content-security-policy',
        `default-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob: ${media}; media-src 'self' blob: ${media}; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'`.replace(
          / ;/g,
          ';',
        ),
      );
      return;
    }
    const configured = new Set(await opts.configuredPixels());
    const pixelOrigins = [...configured]
      .flatMap((key) => [origin(opts.pixelScripts[key] ?? ''), ...(PIXEL_ENDPOINTS[key] ?? [])])
      .filter((o): o is string => Boolean(o));
    reply.header(
      'content-security-policy',
      viewerPolicy({
        inlineHashes: viewerHashes(),
        pixelOrigins: [...new Set(pixelOrigins)],
        connect: opts.extraConnect.map(origin).filter((o): o is string => Boolean(o)),
        processor: opts.processor ?? null,
      }),
    );
  }
}
