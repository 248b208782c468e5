export { createTrackingService, type TrackingService, type PaidOrder } from './tracking.service';
export { registerTrackingRoutes } from './tracking.routes';
export { trackingPlugin } from './tracking.plugin';
