export { createTrackingService, type TrackingService, type PaidOrder } from './tracking.service';
export { registerTrackingRoutes } from './tracking.routes';
