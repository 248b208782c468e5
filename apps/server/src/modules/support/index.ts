export { registerSupportRoutes } from './support.routes';
