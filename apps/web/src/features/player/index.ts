export { Player, type EpisodeChange, type PlayerProps } from './player';
export type { OneTapPurchase } from './one-tap';
export { PlayerFrame, CenterSpinner, BackButton } from './player-chrome';
export { chooseEpisode, parseEpisodeParams, type EpisodeTarget } from './episode-selection';
export {
  episodeOpeningQuery,
  episodesQuery,
  playbackQuery,
  prepareOpening,
  resumeQuery,
  seriesQuery,
} from './player-api';
export { loadHls } from './hls-loader';
export { ForYouFeed } from './for-you-feed';
export { feedPageQuery, type FeedEntry, type FeedPage } from './player-api';
