import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// A section's first answer goes through mocked calls and a lazily loaded page; on a busy machine that
// takes longer than Testing Library's default second. Waits end as soon as the page is there.
configure({ asyncUtilTimeout: 20_000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
});
