// The catalog's light public entry: what the first load (app/ and the home page) uses. Whatever this file
// re-exports joins the home page's shared chunk (vite.config.ts groups the modules the home page imports),
// so the lists and grids the other pages use are in lazy.ts.
export { CatalogCard, FreeBadge } from './catalog-card';
export { categoryTabQuery, homepageQuery, type FeaturedSeries } from './home-queries';
export { useTags } from './tags';
