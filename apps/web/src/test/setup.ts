import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { initI18n, loadAllMessages } from '../shared/i18n/i18n';
import { clearToasts } from '../shared/ui/toast-store';
import './dialog-polyfill';

// A page's first answer goes through mocked calls, a lazily loaded route and a deferred render; on a busy
// machine that takes longer than Testing Library's default second. Waits end as soon as the page is there.
configure({ asyncUtilTimeout: 20_000 });

await initI18n('');
// Components rendered on their own (outside the route table) may use any message.
await loadAllMessages('en');

afterEach(() => {
  cleanup();
  clearToasts();
  window.localStorage.clear();
  // What index.html hands over is taken once; a test that stopped before taking it must not hand it to the next.
  window.__episodicEarly = undefined;
  window.__episodicEarlyMedia = undefined;
  window.__episodicEarlyMediaReady = undefined;
});
