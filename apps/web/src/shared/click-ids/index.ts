export { captureClickIdsOnLoad, captureClickIdsOnRouteChange, readClickIds, type ClickIds } from './capture';
export { useClickIdCapture } from './use-click-id-capture';
