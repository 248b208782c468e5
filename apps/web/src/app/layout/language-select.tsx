import { useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from '../../shared/i18n/use-translation';
import { LANGUAGES, LANGUAGE_NAMES, htmlLangFor, isLanguage, type Language } from '../../shared/i18n/languages';
import { currentLanguage, setLanguage } from '../../shared/i18n/i18n';
import { GlobeIcon } from '../../shared/ui/icons/globe';

/** The language chooser: each option in its own language; the choice is remembered, and is a signed-in viewer's account language. */
export function LanguageSelect() {
  const { t, i18n } = useTranslation();
  const id = useId();
  const queryClient = useQueryClient();
  const active = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : currentLanguage();
  return (
    <div className="relative flex h-10 items-center rounded-full pl-2 text-fg hover:bg-white/10 focus-within:outline-2 focus-within:outline-accent">
      <GlobeIcon className="pointer-events-none size-5 shrink-0" />
      <label htmlFor={id} className="sr-only">
        {t('app.language')}
      </label>
      <select
        id={id}
        value={active}
        onChange={(event) => {
          // One of the options, each a language.
          const next = event.target.value as Language;
          void setLanguage(next);
          // Loaded on the first change only: the first load carries none of it.
          void import('../../shared/i18n/account-language').then((account) => account.default(queryClient, next));
        }}
        className="h-10 max-w-[6.75rem] cursor-pointer appearance-none bg-transparent pr-3 pl-1.5 text-sm font-medium text-fg outline-none"
      >
        {LANGUAGES.map((code) => (
          <option key={code} value={code} lang={htmlLangFor(code)} className="bg-surface-2 text-fg">
            {LANGUAGE_NAMES[code]}
          </option>
        ))}
      </select>
    </div>
  );
}
