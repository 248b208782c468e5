import type { User } from '@episodic/contract';
import { useId, useState } from 'react';
import { useTranslation } from '../../shared/i18n/use-translation';
import { useUpdateProfile } from '../../features/account';
import { currentLanguage, setLanguage } from '../../shared/i18n/i18n';
import { LANGUAGES, LANGUAGE_NAMES, htmlLangFor, isLanguage, type Language } from '../../shared/i18n/languages';
import { Section } from '../../shared/ui/page';
import { Switch } from '../../shared/ui/switch';
import { toast } from '../../shared/ui/toast-store';

/** Interface language (the header chooser's choice, also saved to the account) and auto-unlock. */
export function PreferencesSection({ user }: { user: User }) {
  const { t, i18n } = useTranslation();
  const languageId = useId();
  const update = useUpdateProfile();
  const language = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : currentLanguage();
  // Shown switched at once; the saved user takes over when the answer comes (or the old value on failure).
  const [autoUnlockDraft, setAutoUnlockDraft] = useState<boolean | null>(null);
  const autoUnlock = autoUnlockDraft ?? user.autoUnlock;

  const failed = () => {
    toast(t('account.settings.saveFailed'), 'error');
  };

  const chooseLanguage = (next: Language) => {
    void setLanguage(next);
    update.mutate({ language: next }, { onError: failed });
  };

  return (
    <Section title={t('account.settings.preferences')}>
      <div className="flex flex-col gap-5 rounded-2xl bg-surface p-5">
        <div className="flex flex-col gap-1.5">
          <label htmlFor={languageId} className="text-sm font-medium text-fg">
            {t('app.language')}
          </label>
          <select
            id={languageId}
            value={language}
            aria-describedby={`${languageId}-hint`}
            onChange={(event) => {
              if (isLanguage(event.target.value)) chooseLanguage(event.target.value);
            }}
            className="h-12 w-full cursor-pointer rounded-xl bg-surface-2 px-4 text-base text-fg ring-1 ring-white/10 focus:outline-none focus-visible:ring-2 focus-visible:ring-accent"
          >
            {LANGUAGES.map((code) => (
              <option key={code} value={code} lang={htmlLangFor(code)} className="bg-surface-2 text-fg">
                {LANGUAGE_NAMES[code]}
              </option>
            ))}
          </select>
          <p id={`${languageId}-hint`} className="text-xs text-fg-muted">
            {t('account.settings.languageHint')}
          </p>
        </div>
        <Switch
          label={t('account.settings.autoUnlock')}
          description={t('account.settings.autoUnlockHint')}
          checked={autoUnlock}
          onChange={(checked) => {
            setAutoUnlockDraft(checked);
            update.mutate(
              { autoUnlock: checked },
              {
                onError: failed,
                onSettled: () => {
                  setAutoUnlockDraft(null);
                },
              },
            );
          }}
        />
      </div>
    </Section>
  );
}
