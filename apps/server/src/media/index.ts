// The media pipeline: storage, probing, packaging, encryption, images, subtitles and ingestion.
export {
  assertKey,
  contentTypeFor,
  createStorage,
  isValidKey,
  IMMUTABLE,
  LocalStorage,
  RangeNotSatisfiableError,
  S3Storage,
  type ByteRange,
  type ObjectInfo,
  type ObjectRead,
  type PutOptions,
  type StorageConfig,
  type StorageDriver,
} from './storage/index';
export { configureMediaTools, mediaTools, FfmpegError, type MediaTools } from './ffmpeg';
export { probeMedia, type MediaProbe } from './probe';
export { MediaInputError, plainMediaMessage, type MediaFailure } from './plain-errors';
export { recordMediaFailure, upsertSubtitles } from './ingest.repository';
export { LADDER, chooseLadder, framingFor, type Rung } from './ladder';
export { buildPackagingArgs, packageHls, type PackagingPlan, type X264Preset } from './package-hls';
export { decryptSegment, encryptSegment, encryptRendition, newContentKey } from './encrypt-hls';
export { KEY_URI_PLACEHOLDER, parseMediaPlaylist, rewriteMediaPlaylist, writeMasterPlaylist } from './hls-playlist';
export { avcCodecFromTs } from './codecs';
export { POSTER, THUMBNAIL, resizeImage } from './images';
export { readSubtitleFile, subtitleLanguage, toWebVtt, SUBTITLE_LANGUAGES, type SubtitleLanguage } from './subtitles';
export { openSubtitle, sealSubtitle, subtitleKey, subtitleKeyOf } from './subtitle-seal';
export {
  ingestEpisode,
  sha256File,
  IngestError,
  type IngestEpisodeOptions,
  type IngestProgress,
  type IngestResult,
  type SubtitleSource,
} from './ingest-episode';
export { generateDemoClip, demoFont, DEMO_INGEST_OPTIONS, type DemoClipOptions } from './demo-clip';
export { createLimiter, mapConcurrent, defaultIngestConcurrency } from './concurrency';
export {
  checkSubtitleFile,
  clockTime,
  SubtitleFileError,
  SUBTITLE_MAX_BYTES,
  type CheckedSubtitles,
  type SubtitleCue,
} from './subtitle-check';
