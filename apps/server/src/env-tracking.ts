import { EnvError, int, matching, oneOf, url, type Source } from './env-values';

// The pixels' script addresses and the ad platforms' server-side conversion APIs.

export interface TrackingEnv {
  consentMode: 'off' | 'required';
  /** Where browsers load each pixel's script from, by configuration key. */
  scripts: { facebook_pixel_id: string; google_analytics: string; tiktok_pixel: string; bigo_pixel: string };
  /** Meta Conversions API; the pixel id falls back to the facebook_pixel_id setting. */
  meta: { accessToken: string; pixelId: string | null; apiUrl: string; testEventCode: string | null } | null;
  /** TikTok Events API; the pixel code falls back to the tiktok_pixel setting. */
  tiktok: { accessToken: string; pixelCode: string | null; apiUrl: string; testEventCode: string | null } | null;
  conversionsIntervalSeconds: number;
  /** Delay before the first retry of a failed delivery; it doubles with every further attempt. */
  conversionsRetrySeconds: number;
  retentionDays: number;
}

const TOKEN = /^\S{8,1000}$/;
const TEST_CODE = /^[A-Za-z0-9_-]{1,64}$/;
const base = (src: Source, name: string, fallback: string) =>
  (url(src, name, ['http:', 'https:']) ?? fallback).replace(/\/+$/, '');

export function trackingEnv(src: Source): TrackingEnv {
  const metaToken = matching(src, 'META_CAPI_ACCESS_TOKEN', TOKEN, 'an access token (8 to 1000 characters, no spaces)');
  const tiktokToken = matching(
    src,
    'TIKTOK_EVENTS_ACCESS_TOKEN',
    TOKEN,
    'an access token (8 to 1000 characters, no spaces)',
  );
  const metaPixel = matching(src, 'META_CAPI_PIXEL_ID', /^\d{5,20}$/, 'a pixel id (5 to 20 digits)');
  const tiktokPixel = matching(
    src,
    'TIKTOK_EVENTS_PIXEL_CODE',
    /^[A-Za-z0-9_-]{4,64}$/,
    'a pixel code (4 to 64 letters and digits)',
  );
  if (metaPixel && !metaToken) throw new EnvError('META_CAPI_ACCESS_TOKEN', 'required when META_CAPI_PIXEL_ID is set');
  if (tiktokPixel && !tiktokToken)
    throw new EnvError('TIKTOK_EVENTS_ACCESS_TOKEN', 'required when TIKTOK_EVENTS_PIXEL_CODE is set');
  return {
    consentMode: oneOf(src, 'CONSENT_MODE', ['off', 'required'] as const, 'off'),
    scripts: {
      facebook_pixel_id:
        url(src, 'META_PIXEL_SCRIPT_URL', ['http:', 'https:']) ?? 'https://connect.facebook.net/en_US/fbevents.js',
      google_analytics:
        url(src, 'GOOGLE_ANALYTICS_SCRIPT_URL', ['http:', 'https:']) ?? 'https://www.googletagmanager.com/gtag/js',
      tiktok_pixel:
        url(src, 'TIKTOK_PIXEL_SCRIPT_URL', ['http:', 'https:']) ?? 'https://analytics.tiktok.com/i18n/pixel/events.js',
      bigo_pixel: url(src, 'BIGO_PIXEL_SCRIPT_URL', ['http:', 'https:']) ?? 'https://api.imotech.video/ad/events.js',
    },
    meta: metaToken
      ? {
          accessToken: metaToken,
          pixelId: metaPixel,
          apiUrl: base(src, 'META_CAPI_URL', 'https://graph.facebook.com/v21.0'),
          testEventCode: matching(
            src,
            'META_CAPI_TEST_EVENT_CODE',
            TEST_CODE,
            'a test event code (letters, digits, _ and -)',
          ),
        }
      : null,
    tiktok: tiktokToken
      ? {
          accessToken: tiktokToken,
          pixelCode: tiktokPixel,
          apiUrl: base(src, 'TIKTOK_EVENTS_URL', 'https://business-api.tiktok.com/open_api/v1.3'),
          testEventCode: matching(
            src,
            'TIKTOK_EVENTS_TEST_EVENT_CODE',
            TEST_CODE,
            'a test event code (letters, digits, _ and -)',
          ),
        }
      : null,
    conversionsIntervalSeconds: int(src, 'CONVERSIONS_INTERVAL_SECONDS', 5, 1, 3600),
    conversionsRetrySeconds: int(src, 'CONVERSIONS_RETRY_SECONDS', 30, 1, 86400),
    retentionDays: int(src, 'TRACKING_RETENTION_DAYS', 400, 1, 3650),
  };
}
