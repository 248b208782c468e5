export type { AdminDeps } from './admin-deps';
export { adminPlugin } from './admin.plugin';
