import { useState, type ReactNode } from 'react';
import { LANGUAGE_NAMES, LANGUAGES, type Language } from './format';

/**
 * One form area per interface language: a tab strip (a dot marks languages with content, a red
 * one languages with errors) over the active language's fields.
 */
export function LanguageTabs({
  filled,
  invalid = [],
  children,
}: {
  filled: (lang: Language) => boolean;
  invalid?: Language[];
  children: (lang: Language) => ReactNode;
}) {
  const [active, setActive] = useState<Language>('en');
  return (
    <div>
      <div role="tablist" aria-label="Languages" className="mb-3 flex gap-1">
        {LANGUAGES.map((lang) => (
          <button
            key={lang}
            type="button"
            role="tab"
            aria-selected={active === lang}
            onClick={() => {
              setActive(lang);
            }}
            className={`inline-flex items-center gap-1.5 rounded-lg px-3 py-1.5 text-sm font-medium ${active === lang ? 'bg-zinc-900 text-white' : 'text-zinc-700 hover:bg-zinc-100'}`}
          >
            {LANGUAGE_NAMES[lang]}
            <span
              aria-hidden="true"
              className={`inline-block size-1.5 rounded-full ${invalid.includes(lang) ? 'bg-red-500' : filled(lang) ? (active === lang ? 'bg-white' : 'bg-green-600') : 'bg-transparent'}`}
            />
          </button>
        ))}
      </div>
      <div role="tabpanel" aria-label={LANGUAGE_NAMES[active]}>
        {children(active)}
      </div>
    </div>
  );
}

/** Languages whose fields (named `<prefix>.<lang>…`) have errors. */
export function languagesWithErrors(fields: Record<string, string>, prefix: string): Language[] {
  return LANGUAGES.filter((lang) => Object.keys(fields).some((f) => f.startsWith(`${prefix}.${lang}`)));
}
