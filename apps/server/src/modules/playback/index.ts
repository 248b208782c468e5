export {
  createPlaybackService,
  keyPath,
  masterPlaylistPath,
  type MediaAnswer,
  type PlaybackInfo,
  type PlaybackService,
  type PlaybackServiceDeps,
} from './playback.service';
export { registerPlaybackRoutes } from './playback.routes';
export { registerMediaFileRoutes } from './media-files.routes';
export { playbackPlugin } from './playback.plugin';
