export {
  type SeriesFilter,
  useCreateSeries,
  useImpact,
  useSeries,
  useSeriesList,
  useSeriesMutations,
  useTagMutations,
  useTags,
} from './api';
export { pauseVideoUpload, uploadVideo, useVideoUpload } from './video-upload';
export { leaveGapWarning, numberingWarnings, publishGapWarning, type NumberedEpisode } from './numbering';
