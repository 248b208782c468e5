import type { Language } from '@episodic/contract';

const LABEL: Record<Language, string> = { en: 'Episode', es: 'Episodio', fy: 'Épisode', dy: 'Folge', pt: 'Episódio' };

/** The default title of an episode without one of its own: "Episode 3" in the viewer's language. */
export function episodeTitle(number: number, lang: Language): string {
  return `${LABEL[lang]} ${number}`;
}
