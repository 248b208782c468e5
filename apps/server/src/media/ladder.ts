/** One rendition of the vertical ladder. */
export interface Rung {
  name: string;
  width: number;
  height: number;
  /** Target video bitrate in bits per second; peaks are capped at 1.5× with a 2× buffer. */
  videoBitrate: number;
  audioBitrate: number;
  profile: 'main' | 'high';
}

/**
 * The 9:16 ladder for phones. Bitrates suit talking-head drama at veryfast: 360p for weak
 * connections (Main profile, for the oldest decoders), 540p as the usual mobile pick, 720p for
 * Wi-Fi and large screens.
 */
export const LADDER: readonly Rung[] = [
  { name: '360p', width: 360, height: 640, videoBitrate: 600_000, audioBitrate: 64_000, profile: 'main' },
  { name: '540p', width: 540, height: 960, videoBitrate: 1_100_000, audioBitrate: 96_000, profile: 'high' },
  { name: '720p', width: 720, height: 1280, videoBitrate: 1_800_000, audioBitrate: 96_000, profile: 'high' },
];

/** How a source is brought to 9:16: cropped at the center, or fitted over a blurred fill. */
export type Framing = 'crop' | 'fit';

/**
 * Portrait and square sources are center-cropped to 9:16 (losing at most the sides of a square);
 * landscape sources would lose two thirds of the picture that way, so they are fitted into the
 * frame over a blurred, enlarged copy of themselves, as vertical players usually show them.
 */
export function framingFor(width: number, height: number): Framing {
  return width > height ? 'fit' : 'crop';
}

/** The height of the 9:16 frame the source fills without upscaling. */
export function effectiveHeight(width: number, height: number): number {
  return framingFor(width, height) === 'fit'
    ? Math.round((width * 16) / 9)
    : Math.min(height, Math.round((width * 16) / 9));
}

/** The rungs worth making for a source: none above its own resolution (5% slack), but always one. */
export function chooseLadder(width: number, height: number, ladder: readonly Rung[] = LADDER): Rung[] {
  const limit = effectiveHeight(width, height) * 1.05;
  const fitting = ladder.filter((r) => r.height <= limit);
  return fitting.length > 0 ? fitting : ladder.slice(0, 1);
}

export const SEGMENT_SECONDS = 4;
/** The first segment is short so playback starts after one small download. */
export const FIRST_SEGMENT_SECONDS = 1;

/** Output frame rate: the source's, capped at 30 (phones gain nothing from 60 for drama). */
export function outputFps(sourceFps: number): number {
  if (!Number.isFinite(sourceFps) || sourceFps <= 0) return 30;
  if (sourceFps > 30.5) return 30;
  return Math.round(sourceFps * 1000) / 1000;
}

/**
 * Keyframes at 0 s, at the end of the short first segment, then every segment length: the
 * same expression for every rendition keeps their segments aligned, so a player can switch
 * rendition at any segment boundary.
 */
export function forceKeyFramesExpr(): string {
  return `expr:gte(t,if(eq(n_forced,0),0,${FIRST_SEGMENT_SECONDS}+${SEGMENT_SECONDS}*(n_forced-1)))`;
}
