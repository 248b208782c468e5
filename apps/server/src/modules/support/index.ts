export { supportPlugin } from './support.plugin';
