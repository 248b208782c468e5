import { useId } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from '../i18n/use-translation';
import { PasswordChecklist } from './password-checklist';
import { PasswordField } from './password-field';

type NewPasswordName = 'password' | 'confirmPassword';

/** What the fields need of a useCheckedForm whose values have `password` and `confirmPassword`. */
interface NewPasswordForm {
  errors: Record<string, string | undefined>;
  field: (name: NewPasswordName) => UseFormRegisterReturn;
  watch: (name: NewPasswordName) => string;
}

interface NewPasswordFieldsProps {
  form: NewPasswordForm;
  /** The first input's label ("Password" when registering, "New password" otherwise). */
  label: string;
}

/** A new password and its repetition, with the live rules both inputs point at (`aria-describedby`). */
export function NewPasswordFields({ form, label }: NewPasswordFieldsProps) {
  const { t } = useTranslation();
  const rulesId = useId();
  const { errors, field, watch } = form;
  return (
    <>
      <PasswordField
        label={label}
        autoComplete="new-password"
        placeholder={t('auth.passwordPrompt')}
        error={errors.password}
        describedBy={rulesId}
        {...field('password')}
      />
      <PasswordField
        label={t('auth.repeatPassword')}
        autoComplete="new-password"
        placeholder={t('auth.repeatPasswordPrompt')}
        error={errors.confirmPassword}
        describedBy={rulesId}
        {...field('confirmPassword')}
      />
      <PasswordChecklist id={rulesId} password={watch('password')} confirmPassword={watch('confirmPassword')} />
    </>
  );
}
