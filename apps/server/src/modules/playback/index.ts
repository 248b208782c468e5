export {
  createPlaybackService,
  keyPath,
  masterPlaylistPath,
  type MediaAnswer,
  type PlaybackInfo,
  type PlaybackService,
  type PlaybackServiceDeps,
} from './playback.service';
export { playbackPlugin } from './playback.plugin';
export { episodeIdOf, RENDITION, sendMediaAnswer, sendPlain } from './playback.routes';
