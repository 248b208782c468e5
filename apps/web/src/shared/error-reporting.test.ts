import { afterEach, describe, expect, it, vi } from 'vitest';
import type * as Module from './error-reporting';

// Error reporting starts once per page: each test gets a fresh module.
let reporting: typeof Module;
afterEach(() => {
  vi.resetModules();
  window.history.replaceState(null, '', '/');
});

async function fresh() {
  reporting = await import('./error-reporting');
  return reporting;
}

function fakeSdk() {
  return { init: vi.fn(), captureException: vi.fn() };
}

describe('error reporting', () => {
  it('loads nothing without a DSN for the host', async () => {
    const { initErrorReporting, errorReportingConfig, reportError } = await fresh();
    const load = vi.fn(() => Promise.resolve(fakeSdk()));
    await initErrorReporting({}, load);
    await initErrorReporting({ production: '', sandbox: 'https://k@sentry.example/2' }, load);
    reportError(new Error('ignored'));
    expect(load).not.toHaveBeenCalled();
    expect(errorReportingConfig()).toBeUndefined();
  });

  it('uses the sandbox environment on .cc hosts and the specification sampling rates', async () => {
    const { errorReportingOptions } = await fresh();
    expect(errorReportingOptions('dsn', 'episodic.cc')).toEqual({
      dsn: 'dsn',
      environment: 'sandbox',
      tracesSampleRate: 0.3,
      replaysSessionSampleRate: 0.1,
      replaysOnErrorSampleRate: 0.1,
    });
    expect(errorReportingOptions('dsn', 'episodic.com').environment).toBe('production');
  });

  it('lets the host choose between the two DSNs', async () => {
    const { dsnForHost } = await fresh();
    const dsns = { production: 'https://k@sentry.example/1', sandbox: 'https://k@sentry.example/2' };
    expect(dsnForHost('episodic.com', dsns)).toBe(dsns.production);
    expect(dsnForHost('episodic.cc', dsns)).toBe(dsns.sandbox);
    expect(dsnForHost('www.episodic.cc:8443', { production: dsns.production })).toBe(dsns.production);
    expect(dsnForHost('episodic.com', { sandbox: dsns.sandbox })).toBeUndefined();
  });

  it('starts the SDK once a DSN is given, and reports caught errors', async () => {
    const { initErrorReporting, errorReportingConfig, reportError } = await fresh();
    const sdk = fakeSdk();
    const load = vi.fn(() => Promise.resolve(sdk));
    await initErrorReporting({ production: 'https://key@sentry.example/1' }, load);
    await initErrorReporting({ production: 'https://key@sentry.example/1' }, load);
    expect(load).toHaveBeenCalledTimes(1);
    expect(errorReportingConfig()?.dsn).toBe('https://key@sentry.example/1');
    expect(sdk.init).toHaveBeenCalledWith({
      dsn: 'https://key@sentry.example/1',
      environment: 'production',
      tracesSampleRate: 0.3,
      replaysSessionSampleRate: 0.1,
      replaysOnErrorSampleRate: 0.1,
    });
    const error = new Error('boom');
    reportError(error, { componentStack: 'at Page' });
    await vi.waitFor(() => {
      expect(sdk.captureException).toHaveBeenCalledWith(error, { extra: { componentStack: 'at Page' } });
    });
  });

  it('keeps the page working when the SDK cannot load', async () => {
    const { initErrorReporting, reportError } = await fresh();
    await expect(
      initErrorReporting({ production: 'https://key@sentry.example/1' }, () => Promise.reject(new Error('offline'))),
    ).resolves.toBeUndefined();
    expect(() => {
      reportError(new Error('x'));
    }).not.toThrow();
  });
});
