import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { initI18n, loadAllMessages } from '../shared/i18n/i18n';
import { clearToasts } from '../shared/ui/toast-store';
import './dialog-polyfill';

await initI18n('');
// Components rendered on their own (outside the route table) may use any message.
await loadAllMessages('en');

afterEach(() => {
  cleanup();
  clearToasts();
  window.localStorage.clear();
});
