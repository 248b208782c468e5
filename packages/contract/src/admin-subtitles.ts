import { Type, type Static } from 'typebox';
import { Id, Nullable } from './admin-kit';
import { ADMIN_SUBTITLE_MAX_BYTES } from './constants';

export { ADMIN_SUBTITLE_MAX_BYTES };

// ---------------------------------------------------------------- subtitles of an episode

const SubtitleLanguage = Type.Union([
  Type.Literal('en'),
  Type.Literal('es'),
  Type.Literal('pt'),
  Type.Literal('fy'),
  Type.Literal('dy'),
]);

export const AdminSubtitleParamsSchema = Type.Object({ id: Id, language: SubtitleLanguage });
export type AdminSubtitleParams = Static<typeof AdminSubtitleParamsSchema>;

/** A .vtt or .srt file: its name (the extension says which) and its bytes, base64-encoded. */
export const AdminSubtitleInputSchema = Type.Object({
  fileName: Type.String({ minLength: 1, maxLength: 200 }),
  /** Base64: a third larger than the file. */
  data: Type.String({ maxLength: Math.ceil(ADMIN_SUBTITLE_MAX_BYTES / 3) * 4 + 8 }),
});
export type AdminSubtitleInput = Static<typeof AdminSubtitleInputSchema>;

export const AdminSubtitleCueSchema = Type.Object({
  /** Milliseconds from the start of the video. */
  start: Type.Integer(),
  end: Type.Integer(),
  text: Type.String(),
});
export type AdminSubtitleCue = Static<typeof AdminSubtitleCueSchema>;

export const AdminSubtitleTrackSchema = Type.Object({
  language: SubtitleLanguage,
  /** The stored WebVTT text, for a preview. */
  vtt: Type.String(),
  cues: Type.Array(AdminSubtitleCueSchema),
});
export type AdminSubtitleTrack = Static<typeof AdminSubtitleTrackSchema>;

/** An episode's subtitles by language, and what an upload was warned about. */
export const AdminEpisodeSubtitlesSchema = Type.Object({
  episodeId: Type.Integer(),
  /** The video's length, when it has one. */
  durationMs: Nullable(Type.Integer()),
  tracks: Type.Array(AdminSubtitleTrackSchema),
  /** After an upload: accepted, but worth a look (subtitles past the end of the video). */
  warnings: Type.Array(Type.String()),
});
export type AdminEpisodeSubtitles = Static<typeof AdminEpisodeSubtitlesSchema>;
