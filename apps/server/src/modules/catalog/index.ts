export { createCatalogService, type CatalogService, type EpisodeMedia } from './catalog.service';
export { catalogPlugin } from './catalog.plugin';
