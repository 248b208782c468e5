import type { TrackingEvent } from '../track';
import { injectScript } from './script';
import { dataText, type Pixel, type PixelOptions } from './types';

type Fbq = ((...args: unknown[]) => void) & {
  callMethod?: (...args: unknown[]) => void;
  queue: unknown[][];
  push: Fbq;
  loaded: boolean;
  version: string;
};

declare global {
  interface Window {
    fbq?: Fbq;
    _fbq?: Fbq;
  }
}

/** Meta's `fbq` stub: calls wait in a queue until the library loads and takes them over. */
function ensureFbq(): Fbq {
  if (window.fbq) return window.fbq;
  const fbq = ((...args: unknown[]) => {
    if (fbq.callMethod) fbq.callMethod(...args);
    else fbq.queue.push(args);
  }) as Fbq;
  fbq.push = fbq;
  fbq.loaded = true;
  fbq.version = '2.0';
  fbq.queue = [];
  window.fbq = fbq;
  window._fbq ??= fbq;
  return fbq;
}

/** Meta's parameters for an event: value and currency where there is money, and what it was about. */
function params(event: TrackingEvent): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const { order_id: orderId, search_string: searchString } = event.custom_data;
  if (event.value > 0 || orderId) {
    out.value = event.value;
    out.currency = event.currency;
  }
  if (orderId) out.order_id = orderId;
  if (searchString) out.search_string = searchString;
  const contentId = dataText(event, 'content_id');
  if (contentId) out.content_ids = [contentId];
  for (const name of ['content_name', 'content_type']) {
    const value = dataText(event, name);
    if (value) out[name] = value;
  }
  return out;
}

/** The Meta pixel (`facebook_pixel_id`): standard events with `track`, custom ones with `trackCustom`. */
export function startMetaPixel(ids: string[], options: PixelOptions): Pixel {
  const fbq = ensureFbq();
  if (options.consentRequired) fbq('consent', 'grant');
  for (const id of ids) fbq('init', id);
  injectScript(options.scriptUrl);
  return {
    name: 'meta',
    track(event) {
      fbq(event.custom ? 'trackCustom' : 'track', event.event_name, params(event), { eventID: event.event_id });
    },
    consent(granted) {
      fbq('consent', granted ? 'grant' : 'revoke');
    },
  };
}
