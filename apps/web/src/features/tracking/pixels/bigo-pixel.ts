import type { TrackingEvent } from '../track';
import { injectScript, withParams } from './script';
import type { Pixel, PixelOptions } from './types';

declare global {
  interface Window {
    bgdataLayer?: unknown[];
    bge?: (...args: unknown[]) => void;
  }
}

/** Our event names as Bigo Ads' standard web events. */
const BIGO_EVENTS: Record<string, string> = {
  PageView: 'page_view',
  ViewContent: 'ec_detail_view',
  CompleteRegistration: 'ec_register',
  AddToWishlist: 'ec_add_cart',
  InitiateCheckout: 'ec_order',
  Purchase: 'ec_purchase',
};

function ensureBge(): (...args: unknown[]) => void {
  const dataLayer = (window.bgdataLayer ??= []);
  window.bge ??= function bge() {
    // eslint-disable-next-line prefer-rest-params -- the library reads `arguments` objects, like gtag.js.
    dataLayer.push(arguments);
  };
  return window.bge;
}

function params(event: TrackingEvent): Record<string, unknown> {
  const out: Record<string, unknown> = { event_id: event.event_id };
  if (event.value > 0 || event.custom_data.order_id) {
    out.value = event.value;
    out.currency = event.currency;
  }
  if (event.custom_data.order_id) out.order_id = event.custom_data.order_id;
  return out;
}

/** The Bigo pixel (`bigo_pixel`). */
export function startBigoPixel(ids: string[], options: PixelOptions): Pixel {
  const bge = ensureBge();
  for (const id of ids) bge('init', id);
  injectScript(withParams(options.scriptUrl, { pixel_id: ids[0] ?? '' }));
  return {
    name: 'bigo',
    track(event) {
      bge('event', BIGO_EVENTS[event.event_name] ?? event.event_name, params(event));
    },
    consent() {
      // Bigo's pixel has no consent call: after a withdrawal it simply receives nothing more.
    },
  };
}
