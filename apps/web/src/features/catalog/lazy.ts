// The catalog's second public entry, for lazily loaded pages: the grids and lists the home page does not use
// (index.ts keeps them out of the first load).
export { CatalogGrid } from './catalog-grid';
export { SearchResults } from './search-results';
export { parseId, useCategorySeries, useSectionSeries } from './series-lists';
export { LikeButton, type LikeButtonProps } from './like-button';
export { likeSeries, unlikeSeries, useSeriesLike } from './likes';
