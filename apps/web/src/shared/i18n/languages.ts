import type { Language as ContractLanguage, LANGUAGES as ContractLanguages } from '@episodic/contract';

/** Interface languages (specification §1), mirrored from the contract to keep its schemas out of the bundle. */
export const LANGUAGES = ['en', 'es', 'fy', 'dy', 'pt'] as const satisfies typeof ContractLanguages;
export type Language = ContractLanguage;
export const DEFAULT_LANGUAGE: Language = 'en';

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
