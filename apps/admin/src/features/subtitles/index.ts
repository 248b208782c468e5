export { type SubtitleLanguage, localProblem, useSubtitleMutations, useSubtitles } from './api';
export { type HlsClass, loadHls, previewPlaylistPath } from './preview';
