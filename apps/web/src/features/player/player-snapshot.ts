import type { PlaybackError } from './media-slot';

/** What the controls show; a new object on every change (for `useSyncExternalStore`). */
export interface PlayerSnapshot {
  /** Index of the slot on screen, or -1 when nothing plays (a locked episode, nothing loaded). */
  currentSlot: number;
  /** The episode each slot holds. */
  slotEpisodes: readonly (number | null)[];
  /** The episode on screen (when it is playable). */
  episodeId: number | null;
  paused: boolean;
  ended: boolean;
  /** The first frame of the episode on screen is ready. */
  ready: boolean;
  /** Playing stalled for lack of data. */
  buffering: boolean;
  currentTime: number;
  duration: number;
  rate: number;
  muted: boolean;
  /** The browser refused to start with sound: it plays muted until the viewer turns sound on. */
  mutedByAutoplay: boolean;
  error: PlaybackError | null;
  /** Rendition heights, best first (empty with native HLS). */
  qualities: readonly number[];
  /** The locked rendition height, or null for automatic. */
  quality: number | null;
  /** Height of the rendition playing now, when known. */
  activeHeight: number | null;
  subtitles: string | null;
  /** The subtitle text to show now. */
  cue: string;
}

/** Nothing loaded yet. */
export const INITIAL_SNAPSHOT: PlayerSnapshot = {
  currentSlot: -1,
  slotEpisodes: [null, null],
  episodeId: null,
  paused: true,
  ended: false,
  ready: false,
  buffering: false,
  currentTime: 0,
  duration: 0,
  rate: 1,
  muted: false,
  mutedByAutoplay: false,
  error: null,
  qualities: [],
  quality: null,
  activeHeight: null,
  subtitles: null,
  cue: '',
};

/** The text of a track's active cues, tags removed, one cue a line. */
export function cueText(track: TextTrack | null): string {
  const cues = track?.activeCues;
  if (!cues) return '';
  const lines: string[] = [];
  for (const cue of Array.from(cues)) {
    const text = (cue as VTTCue).text;
    if (typeof text === 'string') lines.push(text.replace(/<[^>]+>/g, ''));
  }
  return lines.join('\n');
}

/** `video.play()` as a promise in every browser (old ones return nothing, some throw). */
export function attempt(video: HTMLVideoElement): Promise<void> {
  try {
    return Promise.resolve(video.play());
  } catch (error) {
    return Promise.reject(error instanceof Error ? error : new Error(String(error)));
  }
}
