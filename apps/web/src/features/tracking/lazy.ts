// Tracking's second public entry, for lazily loaded pages (index.ts keeps it out of the first load).
export { conversionEventId } from './conversion-ids';
