// The app's query client settings (retries, stale times), for tests of a feature's hooks.
export { createQueryClient } from '../app/query-client';
