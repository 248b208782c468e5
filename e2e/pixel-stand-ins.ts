import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type PixelName = 'meta' | 'ga' | 'tiktok' | 'bigo';

/** One call a page made on a pixel (`fbq(...)`, `gtag(...)`, `ttq.track(...)`, `bge(...)`). */
export interface PixelCall {
  pixel: PixelName;
  args: unknown[];
  page: string;
}

/**
 * Stand-ins for the four pixel libraries, served from a local host the server is configured to send
 * browsers to. Each takes over its platform's stub the way the real library does (processing the calls
 * queued before it loaded, then receiving the later ones) and reports every call back here.
 */
export interface PixelStandIns {
  origin: string;
  scripts: { meta: string; ga: string; tiktok: string; bigo: string };
  calls: PixelCall[];
  /** Requests for each script, in order (query strings included). */
  scriptRequests: { pixel: PixelName; url: string }[];
  /** Leaves the next TikTok script request unanswered, as if its host were unreachable. */
  holdNextTiktokScript(): void;
  close(): Promise<void>;
}

// Shared by the four stand-ins: where to report, and how to turn `arguments` into JSON.
const PRELUDE = `
  var script = document.currentScript;
  var origin = new URL(script.src).origin;
  function send(pixel, args) {
    window.__standInSeq = (window.__standInSeq || 0) + 1;
    var record = { args: Array.prototype.slice.call(args), page: location.href, load: performance.timeOrigin, seq: window.__standInSeq };
    navigator.sendBeacon(origin + '/record/' + pixel, JSON.stringify(record));
  }`;

const META = `(function () {${PRELUDE}
  var fbq = window.fbq;
  if (!fbq || fbq.standIn) return;
  fbq.standIn = true;
  var queued = fbq.queue.splice(0);
  fbq.callMethod = function () { send('meta', arguments); };
  queued.forEach(function (args) { send('meta', args); });
})();`;

// gtag.js and Bigo's library both read a data layer of \`arguments\` objects.
const dataLayer = (pixel: PixelName, name: string) => `(function () {${PRELUDE}
  var layer = window.${name};
  if (!layer || layer.standIn) return;
  layer.standIn = true;
  layer.forEach(function (args) { send('${pixel}', args); });
  var push = layer.push;
  layer.push = function () {
    for (var i = 0; i < arguments.length; i++) send('${pixel}', arguments[i]);
    return push.apply(layer, arguments);
  };
})();`;

const TIKTOK = `(function () {${PRELUDE}
  var ttq = window.ttq;
  if (!ttq || ttq.standIn) return;
  ttq.standIn = true;
  send('tiktok', ['load', new URL(script.src).searchParams.get('sdkid')]);
  ttq.splice(0).forEach(function (args) { send('tiktok', args); });
  ttq.methods.forEach(function (method) {
    ttq[method] = function () { send('tiktok', [method].concat(Array.prototype.slice.call(arguments))); };
  });
})();`;

const SOURCES: Record<PixelName, string> = {
  meta: META,
  ga: dataLayer('ga', 'dataLayer'),
  tiktok: TIKTOK,
  bigo: dataLayer('bigo', 'bgdataLayer'),
};
const PATHS: Record<string, PixelName> = {
  '/en_US/fbevents.js': 'meta',
  '/gtag/js': 'ga',
  '/i18n/pixel/events.js': 'tiktok',
  '/ad/events.js': 'bigo',
};

export async function startPixelStandIns(): Promise<PixelStandIns> {
  const calls: PixelCall[] = [];
  const order: { load: number; seq: number }[] = [];
  const scriptRequests: { pixel: PixelName; url: string }[] = [];
  const held: http.ServerResponse[] = [];
  let holdTiktok = false;
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    const record = /^\/record\/(meta|ga|tiktok|bigo)$/.exec(url.pathname);
    if (req.method === 'POST' && record) {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        const parsed = JSON.parse(body) as { args: unknown[]; page: string; load: number; seq: number };
        // Beacons travel in parallel and may arrive out of order: keep each page load's calls in the
        // order the page made them.
        let at = calls.length;
        while (at > 0 && order[at - 1]!.load === parsed.load && order[at - 1]!.seq > parsed.seq) at -= 1;
        calls.splice(at, 0, { pixel: record[1] as PixelName, args: parsed.args, page: parsed.page });
        order.splice(at, 0, { load: parsed.load, seq: parsed.seq });
        res.writeHead(204, { 'access-control-allow-origin': '*' }).end();
      });
      return;
    }
    const pixel = PATHS[url.pathname];
    if (req.method === 'GET' && pixel) {
      scriptRequests.push({ pixel, url: `${url.pathname}${url.search}` });
      if (pixel === 'tiktok' && holdTiktok) {
        holdTiktok = false;
        held.push(res);
        return;
      }
      res.writeHead(200, { 'content-type': 'application/javascript', 'cache-control': 'no-store' }).end(SOURCES[pixel]);
      return;
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${String((server.address() as AddressInfo).port)}`;
  return {
    origin,
    scripts: {
      meta: `${origin}/en_US/fbevents.js`,
      ga: `${origin}/gtag/js`,
      tiktok: `${origin}/i18n/pixel/events.js`,
      bigo: `${origin}/ad/events.js`,
    },
    calls,
    scriptRequests,
    holdNextTiktokScript: () => {
      holdTiktok = true;
    },
    close: () =>
      new Promise((resolve) => {
        for (const res of held) res.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
