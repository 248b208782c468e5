import { useTranslation } from './use-translation';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from './languages';

/** The interface language, re-rendering when it changes (catalog answers are localised, so it belongs in query keys). */
export function useLanguage(): Language {
  const { i18n } = useTranslation();
  return isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : DEFAULT_LANGUAGE;
}
