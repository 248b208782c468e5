// The interface languages, in one place for the server and both apps. No schema code here: the apps
// import this module on its own (`@episodic/contract/languages`), so TypeBox stays out of their bundles.

/** Interface languages (specification §1). */
export const LANGUAGES = ['en', 'es', 'fy', 'dy', 'pt'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

// The product's codes fy and dy carry French and German text: documents, browsers and Intl need the
// real tags, and a browser asking for fr or de gets fy or dy.
const TAGS: Record<Language, string> = { en: 'en', es: 'es', fy: 'fr', dy: 'de', pt: 'pt' };
const LOCALES: Record<Language, string> = { en: 'en-US', es: 'es-ES', fy: 'fr-FR', dy: 'de-DE', pt: 'pt-BR' };

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** A stored or sent code as one of ours (the default for anything else). */
export function toLanguage(value: unknown): Language {
  return isLanguage(value) ? value : DEFAULT_LANGUAGE;
}

/** The BCP 47 language tag, for `<html lang>`, `<option lang>` and Intl: fy → fr, dy → de. */
export function htmlLangFor(language: Language): string {
  return TAGS[language];
}

/** The locale dates and prices are written in (e.g. `fr-FR` for fy). */
export function localeFor(language: Language): string {
  return LOCALES[language];
}

const DIRECTIONS: Record<Language, 'ltr' | 'rtl'> = { en: 'ltr', es: 'ltr', fy: 'ltr', dy: 'ltr', pt: 'ltr' };

/** The text direction, for `<html dir>`. */
export function directionFor(language: Language): 'ltr' | 'rtl' {
  return DIRECTIONS[language];
}

/**
 * Our language for a BCP 47 tag, by its primary subtag (`fr-CA` → fy, `de` → dy, `en-GB` → en), or
 * null when it is none of ours. `fy` itself is Western Frisian there, so it is none of ours.
 */
export function languageOfTag(tag: string): Language | null {
  const base = tag.trim().toLowerCase().split('-')[0] ?? '';
  return LANGUAGES.find((language) => TAGS[language] === base) ?? null;
}
