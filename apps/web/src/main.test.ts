import { describe, expect, it, vi } from 'vitest';

const calls = vi.hoisted(() => [] as string[]);

vi.mock('./shared/error-reporting', () => ({
  initErrorReporting: () => {
    calls.push('error reporting');
  },
}));
vi.mock('./shared/click-ids/capture', () => ({
  captureClickIdsOnLoad: (search: string) => {
    calls.push(`click ids ${search}`);
  },
  removeSessionTokenFromAddress: () => {
    calls.push('address cleaned');
    return null;
  },
}));
vi.mock('./shared/i18n/i18n', () => ({
  initI18n: () => {
    calls.push('i18n');
    return Promise.resolve();
  },
}));
vi.mock('react-dom/client', () => ({
  createRoot: () => ({
    render: () => {
      calls.push('mount');
    },
  }),
}));
vi.mock('./app/warm-player', () => ({
  warmPlayerWhenIdle: () => {
    calls.push('player warmed');
  },
}));
vi.mock('./app/open-ahead', () => ({
  openSeriesAhead: () => {
    calls.push('series ahead');
    return () => undefined;
  },
}));
vi.mock('./app/start', () => ({
  loadStartupData: () => {
    calls.push('config and user');
    return Promise.resolve();
  },
}));

describe('startup', () => {
  it('starts error reporting, captures click ids, mounts, then loads config and user', async () => {
    // Error reporting starts only in a build given a DSN.
    vi.stubEnv('VITE_SENTRY_DSN', 'https://key@sentry.example/1');
    window.history.replaceState(null, '', '/?fbclid=abc');
    document.body.innerHTML = '<div id="root"></div>';
    await import('./main');
    vi.unstubAllEnvs();
    // It mounts once the language and the home page's code are here.
    await vi.waitFor(() => {
      expect(calls).toContain('config and user');
      // On every page, the series of the cards on screen are asked for ahead of a tap (its own chunk).
      expect(calls).toContain('series ahead');
    });
    expect(calls.filter((call) => call !== 'series ahead')).toEqual([
      'error reporting',
      'click ids ?fbclid=abc',
      'address cleaned',
      'i18n',
      'mount',
      // On Home, the player's code is set to load once the browser is idle.
      'player warmed',
      'config and user',
    ]);
  });

  it('leaves error reporting out of a build without a DSN', async () => {
    calls.length = 0;
    vi.resetModules();
    vi.stubEnv('VITE_SENTRY_DSN', '');
    vi.stubEnv('VITE_SENTRY_SANDBOX_DSN', '');
    document.body.innerHTML = '<div id="root"></div>';
    await import('./main');
    vi.unstubAllEnvs();
    await vi.waitFor(() => {
      expect(calls).toContain('mount');
    });
    expect(calls[0]).toMatch(/^click ids/);
    expect(calls).not.toContain('error reporting');
  });
});
