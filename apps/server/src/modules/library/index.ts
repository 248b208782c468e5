export { createLibraryService, type LibraryService } from './library.service';
export { registerLibraryRoutes } from './library.routes';
export { exportLibrary, mergeLibrary } from './library-merge.repository';
