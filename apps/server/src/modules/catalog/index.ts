export { createCatalogService, type CatalogService, type EpisodeMedia } from './catalog.service';
export { registerCatalogRoutes } from './catalog.routes';
export { createPlayCounter, type PlayCounter } from './play-counter';
export { exportCatalogData, mergeCatalogData } from './catalog-merge.repository';
export { seedDemoCatalog } from './demo/seed-demo';
