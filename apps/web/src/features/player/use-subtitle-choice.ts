import type { EpisodePlayback } from '@episodic/contract';
import { useEffect, useMemo, useState } from 'react';
import type { PlayerEngine } from './player-engine';

/** Subtitles start in the interface language when the episode has it, otherwise off, until the viewer chooses. */
function effectiveSubtitles(
  choice: string | null | undefined,
  available: readonly string[],
  uiLanguage: string,
): string | null {
  if (choice === undefined) return available.includes(uiLanguage) ? uiLanguage : null;
  return choice !== null && available.includes(choice) ? choice : null;
}

/**
 * Subtitles: the viewer's choice (undefined until they make one) applied to every episode, set on the
 * engine whenever the episode on screen changes.
 */
export function useSubtitleChoice(
  engine: PlayerEngine | null,
  playback: EpisodePlayback | undefined,
  uiLanguage: string,
  episodeOnScreen: number | null,
) {
  const [choice, setChoice] = useState<string | null | undefined>(undefined);
  const languages = useMemo(() => (playback?.subtitles ?? []).map((s) => s.language), [playback]);
  const subtitles = effectiveSubtitles(choice, languages, uiLanguage);
  useEffect(() => {
    engine?.setSubtitles(subtitles);
  }, [engine, subtitles, episodeOnScreen]);
  return { languages, subtitles, choose: setChoice };
}
