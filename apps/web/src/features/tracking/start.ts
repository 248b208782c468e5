import { idle } from '../../shared/idle';
import type { TrackingStart } from './runtime';

/** The longest tracking waits for the page to be idle before it starts. */
const IDLE_WAIT_MS = 1000;

/**
 * Starts tracking once the configuration and the current user are known (the user's session makes
 * the server's reports count for the right viewer), at the page's next idle moment: its requests and
 * pixels then stay out of the way of the landing page's own start (an episode's first frame). The
 * pixels and the report code load only then, in their own chunk; events tracked before wait in
 * `track`'s queue.
 */
export async function startTracking(ready: Promise<unknown>, options: () => TrackingStart): Promise<void> {
  await ready.catch(() => undefined);
  await idle(IDLE_WAIT_MS);
  try {
    const { startTrackingRuntime } = await import('./runtime');
    startTrackingRuntime(options());
  } catch {
    // The chunk could not load (offline, a new deployment): the product works without tracking.
  }
}
