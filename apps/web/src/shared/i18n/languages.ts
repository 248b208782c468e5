import type { Language } from '@episodic/contract/languages';

// The codes, tags and fy → fr / dy → de mapping are the contract's (shared with the server).
export { DEFAULT_LANGUAGE, LANGUAGES, htmlLangFor, isLanguage, type Language } from '@episodic/contract/languages';

/** Each language in its own name, as the chooser shows it. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  en: 'English',
  es: 'Español',
  fy: 'Français',
  dy: 'Deutsch',
  pt: 'Português',
};
