// Tracking's light public entry: what the entry and app/ use, which is all on the first load; lazy.ts has
// what only lazily loaded pages use.
export {
  track,
  registerTrackingSink,
  buildTrackingEvent,
  isCustomEvent,
  MAX_PENDING_EVENTS,
  type TrackingEvent,
  type TrackingSink,
  type TrackingCustomData,
} from './track';
export { trackRequestFailures } from './request-failures';
export { consent } from './consent';
export { ConsentPrompt, useConsentRequired } from './consent-prompt';
export { usePageViews } from './page-views';
export { startTracking } from './start';
