export { i18n, initI18n, setLanguage, currentLanguage, resolveInitialLanguage, loadAllMessages } from './i18n';
export { LANGUAGES, LANGUAGE_NAMES, DEFAULT_LANGUAGE, htmlLangFor, isLanguage, type Language } from './languages';
