import type { TrackingEvent } from '../track';
import { injectScript, withParams } from './script';
import { dataText, type Pixel, type PixelOptions } from './types';

declare global {
  interface Window {
    dataLayer?: unknown[];
    gtag?: (...args: unknown[]) => void;
  }
}

/** Our event names as Google Analytics 4's recommended events. */
const GA_EVENTS: Record<string, string> = {
  PageView: 'page_view',
  ViewContent: 'view_item',
  Search: 'search',
  search: 'search',
  AddToWishlist: 'add_to_wishlist',
  CompleteRegistration: 'sign_up',
  InitiateCheckout: 'begin_checkout',
  AddPaymentInfo: 'add_payment_info',
  Purchase: 'purchase',
  Subscribe: 'subscribe',
};

const CONSENT_KEYS = ['ad_storage', 'ad_user_data', 'ad_personalization', 'analytics_storage'] as const;
const consentSignals = (value: 'granted' | 'denied') => Object.fromEntries(CONSENT_KEYS.map((key) => [key, value]));

/** gtag.js reads `arguments` objects from the data layer, not arrays: the stub must push those. */
function ensureGtag(): (...args: unknown[]) => void {
  const dataLayer = (window.dataLayer ??= []);
  window.gtag ??= function gtag() {
    // eslint-disable-next-line prefer-rest-params -- gtag.js tells commands from data by their being `arguments`.
    dataLayer.push(arguments);
  };
  return window.gtag;
}

function params(event: TrackingEvent, name: string): Record<string, unknown> {
  const out: Record<string, unknown> = { event_id: event.event_id };
  if (name === 'page_view') {
    out.page_location = event.event_source_url;
    out.page_title = document.title;
    return out;
  }
  const { order_id: orderId, search_string: searchString } = event.custom_data;
  if (event.value > 0 || orderId) {
    out.value = event.value;
    out.currency = event.currency;
  }
  if (orderId) out.transaction_id = orderId;
  if (searchString) out.search_term = searchString;
  if (name === 'sign_up') out.method = dataText(event, 'method') ?? 'email';
  const itemId = dataText(event, 'content_id');
  if (itemId) out.items = [{ item_id: itemId, item_name: dataText(event, 'content_name') ?? itemId }];
  return out;
}

/** Google Analytics 4 (`google_analytics`, a measurement id): page views sent by us, one per route. */
export function startGoogleAnalytics(ids: string[], options: PixelOptions): Pixel {
  const gtag = ensureGtag();
  if (options.consentRequired) {
    // Consent mode: denied until the visitor's choice, which (pixels start only after "Accept") is granted.
    gtag('consent', 'default', { ...consentSignals('denied'), wait_for_update: 500 });
    gtag('consent', 'update', consentSignals('granted'));
  }
  gtag('js', new Date());
  for (const id of ids) gtag('config', id, { send_page_view: false });
  injectScript(withParams(options.scriptUrl, { id: ids[0] ?? '' }));
  return {
    name: 'google-analytics',
    track(event) {
      const name = GA_EVENTS[event.event_name] ?? event.event_name.replace(/[^A-Za-z0-9_]/g, '_').slice(0, 40);
      gtag('event', name, params(event, name));
    },
    consent(granted) {
      gtag('consent', 'update', consentSignals(granted ? 'granted' : 'denied'));
    },
  };
}
