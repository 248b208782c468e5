import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TrackingSettings } from '@episodic/contract';
import type * as ConsentModule from './consent';
import type * as RuntimeModule from './runtime';
import type * as TrackModule from './track';

const SCRIPTS: TrackingSettings['scripts'] = {
  facebook_pixel_id: 'https://pixels.test/fbevents.js',
  google_analytics: 'https://pixels.test/gtag/js',
  tiktok_pixel: 'https://pixels.test/tiktok/events.js',
  bigo_pixel: 'https://pixels.test/bigo/events.js',
};
const ALL_PIXELS = {
  facebook_pixel_id: '1111111111',
  google_analytics: 'G-TEST1',
  tiktok_pixel: 'CTIKTOK01',
  bigo_pixel: 'BIGO01',
};

let track: typeof TrackModule;
let consent: typeof ConsentModule;
let runtime: typeof RuntimeModule;
let fetchMock: ReturnType<typeof vi.fn<(input: string, init: RequestInit) => Promise<Response>>>;
let stop: (() => void) | undefined;

beforeEach(async () => {
  vi.resetModules();
  for (const name of ['fbq', '_fbq', 'dataLayer', 'gtag', 'ttq', 'TiktokAnalyticsObject', 'bgdataLayer', 'bge'])
    Reflect.deleteProperty(window, name);
  for (const script of document.head.querySelectorAll('script')) script.remove();
  fetchMock = vi.fn<(input: string, init: RequestInit) => Promise<Response>>(() =>
    Promise.resolve(new Response('{"code":200,"message":"ok","data":{}}')),
  );
  vi.stubGlobal('fetch', fetchMock);
  track = await import('./track');
  consent = await import('./consent');
  runtime = await import('./runtime');
});
afterEach(() => {
  stop?.();
  stop = undefined;
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function start(mode: 'off' | 'required', pixels: Record<string, string> = ALL_PIXELS) {
  stop = runtime.startTrackingRuntime({ pixels, settings: { consentMode: mode, scripts: SCRIPTS } });
}

/** The addresses of the scripts put into the page from now on, in order (also those removed since). */
function scriptsInserted(): string[] {
  const inserted: string[] = [];
  const append = document.head.appendChild.bind(document.head);
  vi.spyOn(document.head, 'appendChild').mockImplementation((node) => {
    if (node instanceof HTMLScriptElement) inserted.push(node.src);
    return append(node);
  });
  return inserted;
}

const scripts = () => [...document.head.querySelectorAll('script')].map((s) => s.src);
const reports = () =>
  fetchMock.mock.calls
    .filter(([url]) => url === '/api/reports')
    .map(([, init]) => JSON.parse(init.body as string) as Record<string, unknown>);
/** Calls waiting in each pixel's queue, as plain arrays. */
const fbqCalls = () => (window.fbq?.queue ?? []).map((args) => [...args]);
const gtagCalls = () => (window.dataLayer ?? []).map((args) => Array.from(args as ArrayLike<unknown>));
const ttqCalls = () => [...(window.ttq ?? [])].map((args) => [...(args as unknown[])]);
const bigoCalls = () => (window.bgdataLayer ?? []).map((args) => Array.from(args as ArrayLike<unknown>));

describe('tracking without consent mode', () => {
  it('starts every configured pixel at once by injecting its script into the head', () => {
    start('off');
    expect(scripts()).toEqual([
      'https://pixels.test/fbevents.js',
      'https://pixels.test/gtag/js?id=G-TEST1',
      'https://pixels.test/tiktok/events.js?sdkid=CTIKTOK01&lib=ttq',
      'https://pixels.test/bigo/events.js?pixel_id=BIGO01',
    ]);
    expect(fbqCalls()).toEqual([['init', '1111111111']]);
    expect(gtagCalls()[0]?.[0]).toBe('js');
    expect(gtagCalls()[1]).toEqual(['config', 'G-TEST1', { send_page_view: false }]);
    expect(window.ttq?._i?.CTIKTOK01).toBeDefined();
    expect(bigoCalls()).toEqual([['init', 'BIGO01']]);
    // No consent signals where the operator does not ask for consent.
    expect(gtagCalls().some((call) => call[0] === 'consent')).toBe(false);
  });

  it('starts nothing for a key without a value, and only recognised pixels', () => {
    start('off', { facebook_pixel_id: '2222222222', tiktok_pixel: ' , ' });
    expect(scripts()).toEqual(['https://pixels.test/fbevents.js']);
    expect(window.ttq).toBeUndefined();
    expect(window.dataLayer).toBeUndefined();
  });

  it('sends one event to every pixel and the server report with the same event id', () => {
    start('off');
    track.track('Purchase', { event_id: 'purchase-o-1', value: 4.99, currency: 'USD', order_id: 'o-1' });
    const [report] = reports();
    expect(report).toMatchObject({
      event_name: 'Purchase',
      event_id: 'purchase-o-1',
      currency: 'USD',
      value: 4.99,
      custom_data: { currency: 'USD', value: 4.99, order_id: 'o-1' },
      action_source: 'website',
      event_source_url: window.location.href,
    });
    expect(report).not.toHaveProperty('consent');
    expect(typeof report?.event_time).toBe('number');
    expect(fbqCalls().at(-1)).toEqual([
      'track',
      'Purchase',
      { value: 4.99, currency: 'USD', order_id: 'o-1' },
      { eventID: 'purchase-o-1' },
    ]);
    expect(gtagCalls().at(-1)).toEqual([
      'event',
      'purchase',
      { event_id: 'purchase-o-1', value: 4.99, currency: 'USD', transaction_id: 'o-1' },
    ]);
    expect(ttqCalls().at(-1)).toEqual([
      'track',
      'Purchase',
      { value: 4.99, currency: 'USD', order_id: 'o-1' },
      { event_id: 'purchase-o-1' },
    ]);
    expect(bigoCalls().at(-1)).toEqual([
      'event',
      'ec_purchase',
      { event_id: 'purchase-o-1', value: 4.99, currency: 'USD', order_id: 'o-1' },
    ]);
  });

  it('sends names with an underscore, and "search", as custom events', () => {
    start('off');
    track.track('http_error_api_user_503', { status: 503 });
    track.track('search', { search_string: 'ceo' });
    track.track('Search', { search_string: 'ceo' });
    const fbq = fbqCalls().slice(1);
    expect(fbq.map((call) => [call[0], call[1]])).toEqual([
      ['trackCustom', 'http_error_api_user_503'],
      ['trackCustom', 'search'],
      ['track', 'Search'],
    ]);
    expect(fbq[1]?.[2]).toEqual({ search_string: 'ceo' });
    expect(gtagCalls().slice(-1)[0]).toEqual([
      'event',
      'search',
      { event_id: expect.any(String) as string, search_term: 'ceo' },
    ]);
    expect(reports().map((r) => r.event_name)).toEqual(['http_error_api_user_503', 'search', 'Search']);
  });

  it('reports page views the way each platform counts them', () => {
    start('off');
    track.track('PageView');
    const id = reports()[0]?.event_id;
    expect(fbqCalls().at(-1)).toEqual(['track', 'PageView', {}, { eventID: id }]);
    expect(gtagCalls().at(-1)).toEqual([
      'event',
      'page_view',
      { event_id: id, page_location: window.location.href, page_title: document.title },
    ]);
    expect(ttqCalls().at(-1)).toEqual(['page']);
    expect(bigoCalls().at(-1)).toEqual(['event', 'page_view', { event_id: id }]);
  });

  it('delivers events tracked before it started', () => {
    const early = track.track('PageView');
    start('off');
    expect(reports().map((r) => r.event_id)).toEqual([early?.event_id]);
    expect(fbqCalls().at(-1)?.[3]).toEqual({ eventID: early?.event_id });
  });

  it('reports to the server even when the configuration could not be loaded', () => {
    stop = runtime.startTrackingRuntime({ pixels: {}, settings: undefined });
    track.track('PageView');
    expect(reports()).toHaveLength(1);
    expect(scripts()).toEqual([]);
  });

  it('sends the report with the context headers and keepalive, and falls back to sendBeacon', async () => {
    localStorage.setItem('FBCLID', 'fb-1');
    localStorage.setItem('xUserRefererToken', 'ref-1');
    const beacon = vi.fn(() => true);
    vi.stubGlobal('navigator', Object.assign(Object.create(navigator) as Navigator, { sendBeacon: beacon }));
    start('off', {});
    track.track('PageView');
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/reports');
    expect(init).toMatchObject({ method: 'POST', keepalive: true, credentials: 'same-origin' });
    const headers = new Headers(init.headers);
    expect(headers.get('FBCLID')).toBe('fb-1');
    expect(headers.get('X-User-Referer-Token')).toBe('ref-1');
    expect(reports()[0]).toMatchObject({ fbclid: 'fb-1', referer_token: 'ref-1' });
    expect(beacon).not.toHaveBeenCalled();

    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    track.track('ViewContent');
    await vi.waitFor(() => {
      expect(beacon).toHaveBeenCalledTimes(1);
    });
    expect(beacon.mock.calls[0]).toEqual(['/api/reports', expect.any(Blob)]);
  });
});

describe('the TikTok pixel', () => {
  it('loads its script again after 2 seconds if it has not loaded, at most three times', () => {
    vi.useFakeTimers();
    const inserted = scriptsInserted();
    start('off', { tiktok_pixel: 'CTIKTOK01' });
    const tiktok = () =>
      [...document.head.querySelectorAll<HTMLScriptElement>('script')].filter((s) => s.src.includes('/tiktok/'));
    const first = tiktok()[0];
    expect(inserted).toHaveLength(1);
    vi.advanceTimersByTime(1999);
    expect(inserted).toHaveLength(1);
    vi.advanceTimersByTime(1);
    // A fresh element replaces the stale one.
    expect(inserted).toHaveLength(2);
    expect(tiktok()).toHaveLength(1);
    expect(tiktok()[0]).not.toBe(first);
    vi.advanceTimersByTime(2000);
    expect(inserted).toHaveLength(3);
    vi.advanceTimersByTime(10_000);
    expect(inserted).toEqual(Array(3).fill('https://pixels.test/tiktok/events.js?sdkid=CTIKTOK01&lib=ttq'));
    expect(tiktok()).toHaveLength(1);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('stops retrying once the script has loaded', () => {
    vi.useFakeTimers();
    start('off', { tiktok_pixel: 'CTIKTOK01' });
    const first = document.head.querySelector<HTMLScriptElement>('script')!;
    first.dispatchEvent(new Event('load'));
    return Promise.resolve().then(() => {
      vi.advanceTimersByTime(5000);
      expect(document.head.querySelector('script')).toBe(first);
    });
  });
  it('loads nothing again once consent is withdrawn or tracking stops', () => {
    vi.useFakeTimers();
    const inserted = scriptsInserted();
    localStorage.setItem('trackingConsent', 'granted');
    start('required', { tiktok_pixel: 'CTIKTOK01' });
    expect(inserted).toHaveLength(1);
    consent.consent.decide('denied');
    vi.advanceTimersByTime(10_000);
    expect(inserted).toHaveLength(1);

    stop?.();
    localStorage.setItem('trackingConsent', 'granted');
    start('off', { tiktok_pixel: 'CTIKTOK01' });
    expect(inserted).toHaveLength(2);
    stop?.();
    stop = undefined;
    vi.advanceTimersByTime(10_000);
    expect(inserted).toHaveLength(2);
  });
});

describe('tracking with consent required', () => {
  it('starts no pixel before an answer, reports to the server, and asks', () => {
    start('required');
    expect(consent.consentBannerOpen(consent.consent.get())).toBe(true);
    track.track('PageView');
    expect(scripts()).toEqual([]);
    expect(window.fbq).toBeUndefined();
    expect(reports()).toHaveLength(1);
    expect(reports()[0]).not.toHaveProperty('consent');
  });

  it('starts the pixels on "Accept", with Google consent-mode signals, and replays the visit’s events with their ids', () => {
    start('required');
    const early = track.track('PageView');
    consent.consent.decide('granted');
    expect(localStorage.getItem('trackingConsent')).toBe('granted');
    expect(scripts()).toHaveLength(4);
    expect(fbqCalls()).toEqual([
      ['consent', 'grant'],
      ['init', '1111111111'],
      ['track', 'PageView', {}, { eventID: early?.event_id }],
    ]);
    const denied = {
      ad_storage: 'denied',
      ad_user_data: 'denied',
      ad_personalization: 'denied',
      analytics_storage: 'denied',
    };
    const granted = {
      ad_storage: 'granted',
      ad_user_data: 'granted',
      ad_personalization: 'granted',
      analytics_storage: 'granted',
    };
    expect(gtagCalls().slice(0, 2)).toEqual([
      ['consent', 'default', { ...denied, wait_for_update: 500 }],
      ['consent', 'update', granted],
    ]);
    expect(ttqCalls()).toContainEqual(['grantConsent']);
    // The server learns the answer at once, and later reports carry it.
    expect(reports().map((r) => [r.event_name, r.consent])).toEqual([
      ['PageView', undefined],
      ['consent_update', 'granted'],
    ]);
    track.track('ViewContent');
    expect(reports().at(-1)).toMatchObject({ event_name: 'ViewContent', consent: 'granted' });
    expect(consent.consentBannerOpen(consent.consent.get())).toBe(false);
  });

  it('starts nothing after "Reject", remembered for the next visit', async () => {
    start('required');
    track.track('PageView');
    consent.consent.decide('denied');
    track.track('ViewContent');
    expect(scripts()).toEqual([]);
    expect(reports().map((r) => [r.event_name, r.consent])).toEqual([
      ['PageView', undefined],
      ['consent_update', 'denied'],
      ['ViewContent', 'denied'],
    ]);

    // Next visit: the answer is remembered, nothing is asked and nothing starts.
    stop?.();
    vi.resetModules();
    track = await import('./track');
    consent = await import('./consent');
    runtime = await import('./runtime');
    start('required');
    expect(consent.consentBannerOpen(consent.consent.get())).toBe(false);
    track.track('PageView');
    expect(scripts()).toEqual([]);
  });

  it('starts at once for a visitor who accepted before', () => {
    localStorage.setItem('trackingConsent', 'granted');
    start('required');
    expect(scripts()).toHaveLength(4);
    expect(consent.consentBannerOpen(consent.consent.get())).toBe(false);
  });

  it('withdraws: the platforms are told and receive nothing more', () => {
    localStorage.setItem('trackingConsent', 'granted');
    start('required');
    track.track('PageView');
    consent.consent.review();
    expect(consent.consentBannerOpen(consent.consent.get())).toBe(true);
    consent.consent.decide('denied');
    const fbqBefore = fbqCalls().length;
    track.track('Purchase', { value: 1, order_id: 'o-2' });
    expect(fbqCalls().length).toBe(fbqBefore);
    expect(fbqCalls().at(-1)).toEqual(['consent', 'revoke']);
    expect(gtagCalls().at(-1)).toEqual([
      'consent',
      'update',
      { ad_storage: 'denied', ad_user_data: 'denied', ad_personalization: 'denied', analytics_storage: 'denied' },
    ]);
    expect(ttqCalls().at(-1)).toEqual(['revokeConsent']);
    expect(reports().at(-1)).toMatchObject({ event_name: 'Purchase', consent: 'denied' });
  });
});
