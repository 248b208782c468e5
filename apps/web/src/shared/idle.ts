/** Settles when the browser is next idle (at most `timeout` ms later), or at once without requestIdleCallback. */
export function idle(timeout: number): Promise<void> {
  return new Promise((resolve) => {
    if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(() => resolve(), { timeout });
    else resolve();
  });
}
