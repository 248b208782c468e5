export { createTrackingService, type TrackingService, type PaidOrder } from './tracking.service';
export { trackingPlugin } from './tracking.plugin';
