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
