export { useRemoveFavorite } from './favorite-mutations';
export { HistoryCard, HistoryRow, HistoryRowSkeleton } from './history-item';
export { useFavorites, useHistory } from './library-queries';
export { continueWatching, finishedSeries } from './continue-watching';
