import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@episodic/contract/constants';

/** Interface languages (specification §1). */
export { DEFAULT_LANGUAGE, LANGUAGES, type Language };

/** Each language in its own name, as the chooser shows it. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  en: 'English',
  es: 'Español',
  fy: 'Français',
  dy: 'Deutsch',
  pt: 'Português',
};

// The product's codes fy and dy carry French and German text; documents and browsers need the real tags.
const HTML_LANG: Record<Language, string> = { en: 'en', es: 'es', fy: 'fr', dy: 'de', pt: 'pt' };

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** The BCP 47 tag for `<html lang>` and Intl formatting. */
export function htmlLangFor(language: Language): string {
  return HTML_LANG[language];
}
