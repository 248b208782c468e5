export { registerSupportRoutes } from './support.routes';
export { supportPlugin } from './support.plugin';
