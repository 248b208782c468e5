import type Hls from 'hls.js';
// hls.js's module builds do not carry their transmuxing worker; without one, segments are transmuxed on
// the main thread, in the middle of the player's rendering and gestures.
import workerPath from 'hls.js/dist/hls.worker.js?url';
import { hlsConfig, type HlsOptions } from './hls-config';
import type { HlsClass } from './hls-loader';
import { mediaRequestHeaders } from './quiet-post';

export { startFromLightest, type HlsOptions } from './hls-config';

/** An hls.js instance configured for the player; loading starts when `startLoad` is called. */
export function createHls(HlsCtor: HlsClass, options: HlsOptions): Hls {
  // The episode being opened transmuxes on the main thread: fetching and starting the worker (40 KB)
  // first cost about 200 ms before the first frame. Every later instance (the preloaded next episode,
  // the episodes swiped to) transmuxes in the worker, loaded once the first episode plays.
  return new HlsCtor(hlsConfig(HlsCtor, mediaRequestHeaders, options, options.prefetch ? undefined : workerPath));
}
