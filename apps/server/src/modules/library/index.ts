export { libraryPlugin } from './library.plugin';
