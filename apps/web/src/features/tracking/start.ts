import type { TrackingStart } from './runtime';

/**
 * Starts tracking once the configuration and the current user are known (the user's session makes
 * the server's reports count for the right viewer). The pixels and the report code load only then, in
 * their own chunk; events tracked before wait in `track`'s queue.
 */
export async function startTracking(ready: Promise<unknown>, options: () => TrackingStart): Promise<void> {
  await ready.catch(() => undefined);
  try {
    const { startTrackingRuntime } = await import('./runtime');
    startTrackingRuntime(options());
  } catch {
    // The chunk could not load (offline, a new deployment): the product works without tracking.
  }
}
