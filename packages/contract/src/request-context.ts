export { ContextHeader, StorageKey } from './constants';
