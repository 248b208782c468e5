import type { TrackingEvent } from '../track';
import { injectScript, withParams } from './script';
import { dataText, type Pixel, type PixelOptions } from './types';

type Ttq = unknown[] &
  Record<string, unknown> & {
    methods: string[];
    _i?: Record<string, unknown[] & { _u?: string }>;
    _t?: Record<string, number>;
    _o?: Record<string, unknown>;
  };

declare global {
  interface Window {
    ttq?: Ttq;
    TiktokAnalyticsObject?: string;
  }
}

const METHODS = [
  'page',
  'track',
  'identify',
  'instances',
  'debug',
  'on',
  'off',
  'once',
  'ready',
  'alias',
  'group',
  'enableCookie',
  'disableCookie',
  'holdConsent',
  'revokeConsent',
  'grantConsent',
];

/** Initialisation is tried again this long after a script that has not loaded (specification §4). */
export const TIKTOK_RETRY_MS = 2000;
const MAX_TRIES = 3;

/** TikTok's `ttq` stub: each method call waits in the array until the library loads. */
function ensureTtq(): Ttq {
  window.TiktokAnalyticsObject = 'ttq';
  const ttq = (window.ttq ??= Object.assign([], { methods: METHODS }) as unknown as Ttq);
  for (const method of METHODS) {
    if (typeof ttq[method] === 'function') continue;
    ttq[method] = (...args: unknown[]) => {
      ttq.push([method, ...args]);
    };
  }
  return ttq;
}

function call(ttq: Ttq, method: string, ...args: unknown[]): void {
  (ttq[method] as (...a: unknown[]) => void)(...args);
}

/**
 * Loads the library for a pixel code like TikTok's snippet does (`ttq.load`), and loads it again when
 * it has not arrived after two seconds (at most three tries), unless the pixel was stopped meanwhile
 * (consent withdrawn, tracking stopped).
 */
function load(ttq: Ttq, id: string, scriptUrl: string, stopped: () => boolean): void {
  ttq._i ??= {};
  ttq._i[id] = Object.assign([], { _u: scriptUrl });
  ttq._t ??= {};
  ttq._t[id] = Date.now();
  ttq._o ??= {};
  ttq._o[id] = {};
  let loaded = false;
  const attempt = (tries: number) => {
    const script = injectScript(withParams(scriptUrl, { sdkid: id, lib: 'ttq' }));
    void script.loaded.then((ok) => {
      if (ok) loaded = true;
    });
    window.setTimeout(() => {
      if (loaded || tries >= MAX_TRIES || stopped()) return;
      script.element.remove();
      attempt(tries + 1);
    }, TIKTOK_RETRY_MS);
  };
  attempt(1);
}

function params(event: TrackingEvent): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const { order_id: orderId, search_string: searchString } = event.custom_data;
  if (event.value > 0 || orderId) {
    out.value = event.value;
    out.currency = event.currency;
  }
  if (orderId) out.order_id = orderId;
  if (searchString) out.query = searchString;
  const contentId = dataText(event, 'content_id');
  if (contentId) out.content_id = contentId;
  for (const name of ['content_name', 'content_type']) {
    const value = dataText(event, name);
    if (value) out[name] = value;
  }
  return out;
}

/** The TikTok pixel (`tiktok_pixel`): page views with `page`, every other event with `track`. */
export function startTiktokPixel(ids: string[], options: PixelOptions): Pixel {
  const ttq = ensureTtq();
  let stopped = false;
  for (const id of ids) load(ttq, id, options.scriptUrl, () => stopped);
  if (options.consentRequired) call(ttq, 'grantConsent');
  return {
    name: 'tiktok',
    track(event) {
      if (event.event_name === 'PageView') call(ttq, 'page');
      else call(ttq, 'track', event.event_name, params(event), { event_id: event.event_id });
    },
    consent(granted) {
      // No library injected again after a withdrawal; one that arrives later still gets the revocation.
      if (!granted) stopped = true;
      call(ttq, granted ? 'grantConsent' : 'revokeConsent');
    },
    stop() {
      stopped = true;
    },
  };
}
