export { MAX_QUERY_LENGTH, normalizeQuery, SEARCH_HISTORY_STORAGE_KEY } from './local-search-history';
export { searchDetailPath, searchPath } from './paths';
export { useSearchHistory } from './search-history';
export { SearchHistoryList } from './search-history-list';
export { SUGGESTION_COUNT, useSuggestions } from './suggestions';
export { countSearch, useTrendingSearches } from './trending';
export { TrendingSearches } from './trending-searches';
