import { useTranslation } from '../i18n/use-translation';
import { CheckIcon } from '../ui/icons/check';
import { passwordRules, type PasswordRule } from './password-rules';

interface PasswordChecklistProps {
  /** Referenced by the password inputs' `aria-describedby`. */
  id: string;
  password: string;
  confirmPassword: string;
}

const LABELS: Record<PasswordRule, 'auth.rules.length' | 'auth.rules.letterAndNumber' | 'auth.rules.match'> = {
  length: 'auth.rules.length',
  letterAndNumber: 'auth.rules.letterAndNumber',
  match: 'auth.rules.match',
};

/** The password rules, ticked off while typing, so nobody learns them from a refused form. */
export function PasswordChecklist({ id, password, confirmPassword }: PasswordChecklistProps) {
  const { t } = useTranslation();
  return (
    <div id={id} className="rounded-xl bg-surface-2/60 px-4 py-3">
      <p className="text-xs font-medium text-fg-muted">{t('auth.rules.title')}</p>
      <ul className="mt-2 flex flex-col gap-1.5">
        {passwordRules(password, confirmPassword).map(({ rule, met }) => (
          <li
            key={rule}
            data-rule={rule}
            data-met={met}
            className={`flex items-center gap-2 text-sm ${met ? 'text-emerald-300' : 'text-fg-muted'}`}
          >
            <span
              aria-hidden="true"
              className={`inline-flex size-5 shrink-0 items-center justify-center rounded-full ${met ? 'bg-emerald-400/20' : 'ring-1 ring-white/20'}`}
            >
              {met ? <CheckIcon className="size-3.5" /> : null}
            </span>
            <span>
              {t(LABELS[rule])}
              <span className="sr-only"> — {met ? t('auth.rules.met') : t('auth.rules.notMet')}</span>
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
