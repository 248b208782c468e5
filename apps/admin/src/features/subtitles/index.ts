export { type SubtitleLanguage, localProblem, useSubtitleMutations, useSubtitles } from './api';
