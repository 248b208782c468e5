import type { EpisodePlayback } from '@episodic/contract';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { readStored, writeStored } from '../../shared/storage';
import type { PlayerEngine } from './player-engine';

/** Where the viewer's subtitle choice is kept between visits: a language code, or `off`. */
export const SUBTITLES_STORAGE_KEY = 'subtitles';

function storedChoice(): string | null | undefined {
  const value = readStored(SUBTITLES_STORAGE_KEY);
  if (!value) return undefined;
  return value === 'off' ? null : value;
}

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
 * Subtitles: the viewer's choice (undefined until they make one; remembered on this device) applied to
 * every episode, set on the engine whenever the episode on screen changes.
 */
export function useSubtitleChoice(
  engine: PlayerEngine | null,
  playback: EpisodePlayback | undefined,
  uiLanguage: string,
  episodeOnScreen: number | null,
) {
  const [choice, setChoice] = useState<string | null | undefined>(storedChoice);
  const languages = useMemo(() => (playback?.subtitles ?? []).map((s) => s.language), [playback]);
  const subtitles = effectiveSubtitles(choice, languages, uiLanguage);
  useEffect(() => {
    engine?.setSubtitles(subtitles);
  }, [engine, subtitles, episodeOnScreen]);
  const choose = useCallback((language: string | null) => {
    writeStored(SUBTITLES_STORAGE_KEY, language ?? 'off');
    setChoice(language);
  }, []);
  return { languages, subtitles, choose };
}
