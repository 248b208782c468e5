import type { Language } from '@episodic/contract';

/**
 * Words viewers type for what the catalog calls otherwise, per interface language: each word also
 * finds its synonyms (in titles, synopses and category names). Kept small and plain on purpose: a
 * word here must mean the same in every series it could find.
 */
export const SEARCH_SYNONYMS: Record<Language, Record<string, readonly string[]>> = {
  en: {
    boss: ['ceo', 'tycoon'],
    chairman: ['ceo'],
    president: ['ceo'],
    tycoon: ['ceo', 'billionaire'],
    rich: ['billionaire', 'tycoon'],
    millionaire: ['billionaire'],
    werewolf: ['wolf', 'alpha'],
    vampire: ['paranormal'],
    wedding: ['bride', 'marriage'],
    wife: ['bride', 'marriage'],
    romantic: ['romance', 'love'],
    vengeance: ['revenge'],
  },
  es: {
    jefe: ['ceo', 'magnate'],
    presidente: ['ceo'],
    rico: ['millonario', 'magnate'],
    multimillonario: ['millonario'],
    boda: ['novia', 'matrimonio'],
    esposa: ['novia', 'matrimonio'],
    lobo: ['alfa', 'hombre lobo'],
    romantico: ['romance', 'amor'],
    romántico: ['romance', 'amor'],
    revancha: ['venganza'],
  },
  fy: {
    patron: ['pdg', 'ceo', 'magnat'],
    chef: ['pdg', 'ceo'],
    riche: ['milliardaire', 'magnat'],
    millionnaire: ['milliardaire'],
    mariage: ['mariée'],
    épouse: ['mariée', 'mariage'],
    loup: ['alpha'],
    romantique: ['romance', 'amour'],
    revanche: ['vengeance'],
  },
  dy: {
    chef: ['ceo'],
    boss: ['ceo'],
    reich: ['milliardär', 'milliardäre'],
    millionär: ['milliardär', 'milliardäre'],
    hochzeit: ['braut', 'ehe'],
    ehefrau: ['braut', 'ehe'],
    werwolf: ['wolf', 'alpha'],
    romantisch: ['romantik', 'liebe'],
    vergeltung: ['rache'],
  },
  pt: {
    chefe: ['ceo', 'magnata'],
    patrão: ['ceo', 'magnata'],
    presidente: ['ceo'],
    rico: ['bilionário', 'magnata'],
    milionário: ['bilionário'],
    casamento: ['noiva'],
    esposa: ['noiva', 'casamento'],
    lobisomem: ['lobo', 'alfa'],
    romântico: ['romance', 'amor'],
    revanche: ['vingança'],
  },
};

/** The synonyms of one (lower-case) word in a language, without the word itself. */
export function synonymsOf(word: string, lang: Language): readonly string[] {
  return Object.hasOwn(SEARCH_SYNONYMS[lang], word) ? SEARCH_SYNONYMS[lang][word]! : [];
}
