import { describe, expect, it } from 'vitest';
import { EnvError, loadEnv } from './env';

describe('loadEnv: tracking', () => {
  it('starts pixels at once, from their usual addresses, and sends no conversions by default', () => {
    const { tracking, errorReporting } = loadEnv({});
    expect(tracking).toEqual({
      consentMode: 'off',
      scripts: {
        facebook_pixel_id: 'https://connect.facebook.net/en_US/fbevents.js',
        google_analytics: 'https://www.googletagmanager.com/gtag/js',
        tiktok_pixel: 'https://analytics.tiktok.com/i18n/pixel/events.js',
        bigo_pixel: 'https://api.imotech.video/ad/events.js',
      },
      meta: null,
      tiktok: null,
      conversionsIntervalSeconds: 5,
      conversionsRetrySeconds: 30,
      retentionDays: 400,
    });
    expect(errorReporting).toBeNull();
  });

  it('reads the conversion APIs, their addresses and test codes', () => {
    const { tracking } = loadEnv({
      CONSENT_MODE: 'required',
      META_CAPI_ACCESS_TOKEN: 'EAAB-token',
      META_CAPI_PIXEL_ID: '1234567890',
      META_CAPI_URL: 'http://127.0.0.1:9000/v21.0/',
      META_CAPI_TEST_EVENT_CODE: 'TEST123',
      TIKTOK_EVENTS_ACCESS_TOKEN: 'tiktok-token',
      GOOGLE_ANALYTICS_SCRIPT_URL: 'http://127.0.0.1:9001/gtag.js',
    });
    expect(tracking.consentMode).toBe('required');
    expect(tracking.meta).toEqual({
      accessToken: 'EAAB-token',
      pixelId: '1234567890',
      apiUrl: 'http://127.0.0.1:9000/v21.0',
      testEventCode: 'TEST123',
    });
    expect(tracking.tiktok).toEqual({
      accessToken: 'tiktok-token',
      pixelCode: null,
      apiUrl: 'https://business-api.tiktok.com/open_api/v1.3',
      testEventCode: null,
    });
    expect(tracking.scripts.google_analytics).toBe('http://127.0.0.1:9001/gtag.js');
  });

  it.each([
    ['CONSENT_MODE', 'maybe', /CONSENT_MODE: expected one of off, required/],
    ['META_PIXEL_SCRIPT_URL', 'fbevents.js', /META_PIXEL_SCRIPT_URL: expected a URL/],
    ['TIKTOK_PIXEL_SCRIPT_URL', 'ftp://x/y.js', /TIKTOK_PIXEL_SCRIPT_URL: expected a http: or https: URL/],
    ['META_CAPI_ACCESS_TOKEN', 'has spaces in it', /META_CAPI_ACCESS_TOKEN: expected an access token/],
    ['META_CAPI_PIXEL_ID', 'abc', /META_CAPI_PIXEL_ID: expected a pixel id/],
    ['CONVERSIONS_RETRY_SECONDS', '0', /CONVERSIONS_RETRY_SECONDS: expected a whole number from 1/],
    ['TRACKING_RETENTION_DAYS', 'forever', /TRACKING_RETENTION_DAYS/],
    ['SENTRY_DSN', 'https://sentry.example/1', /SENTRY_DSN: expected a DSN/],
  ])('stops on a bad %s with a line naming it', (name, value, message) => {
    expect(() => loadEnv({ [name]: value })).toThrow(EnvError);
    expect(() => loadEnv({ [name]: value })).toThrow(message);
  });

  it('needs the access token with a pixel id', () => {
    expect(() => loadEnv({ META_CAPI_PIXEL_ID: '1234567890' })).toThrow(
      /META_CAPI_ACCESS_TOKEN: required when META_CAPI_PIXEL_ID is set/,
    );
    expect(() => loadEnv({ TIKTOK_EVENTS_PIXEL_CODE: 'CABCDEF123' })).toThrow(/TIKTOK_EVENTS_ACCESS_TOKEN: required/);
  });
});

describe('loadEnv: error reporting', () => {
  const DSNS = {
    SENTRY_DSN: 'https://pub@o1.ingest.sentry.io/11',
    SENTRY_SANDBOX_DSN: 'https://pub@o1.ingest.sentry.io/22',
  };

  it('reports to the production project from a production host', () => {
    expect(loadEnv({ ...DSNS, PUBLIC_URL: 'https://episodic.com' }).errorReporting).toEqual({
      dsn: DSNS.SENTRY_DSN,
      environment: 'production',
    });
  });

  it('reports to the sandbox project, as sandbox, from a host containing .cc', () => {
    expect(loadEnv({ ...DSNS, PUBLIC_URL: 'https://episodic.cc' }).errorReporting).toEqual({
      dsn: DSNS.SENTRY_SANDBOX_DSN,
      environment: 'sandbox',
    });
    expect(loadEnv({ SENTRY_DSN: DSNS.SENTRY_DSN, PUBLIC_URL: 'https://staging.episodic.cc' }).errorReporting).toEqual({
      dsn: DSNS.SENTRY_DSN,
      environment: 'sandbox',
    });
  });

  it('stays off without a DSN for the host', () => {
    expect(
      loadEnv({ SENTRY_SANDBOX_DSN: DSNS.SENTRY_SANDBOX_DSN, PUBLIC_URL: 'https://episodic.com' }).errorReporting,
    ).toBeNull();
  });
});
