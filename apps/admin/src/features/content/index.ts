export {
  type SeriesFilter,
  useCreateSeries,
  useSeries,
  useSeriesList,
  useSeriesMutations,
  useTagMutations,
  useTags,
} from './api';
export { pauseVideoUpload, uploadVideo, useVideoUpload } from './video-upload';
