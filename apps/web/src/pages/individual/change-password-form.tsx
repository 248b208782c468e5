import { useId, useRef, type FormEvent } from 'react';
import { useTranslation } from '../../shared/i18n/use-translation';
import { useChangePassword } from '../../features/account';
import { FormAlert } from '../../shared/forms/form-alert';
import { PasswordChecklist } from '../../shared/forms/password-checklist';
import { PasswordField } from '../../shared/forms/password-field';
import { formFailure } from '../../shared/forms/server-messages';
import { SubmitButton } from '../../shared/forms/submit-button';
import { useFormState } from '../../shared/forms/use-form-state';
import { focusFirstInvalid, newPasswordErrors } from '../../shared/forms/validate';
import { toast } from '../../shared/ui/toast-store';

const EMPTY = { currentPassword: '', password: '', confirmPassword: '' };

/** Current password, new password and its repetition (with the live rules). Other devices are signed out. */
export function ChangePasswordForm() {
  const { t } = useTranslation();
  const change = useChangePassword();
  const form = useFormState(EMPTY);
  const formRef = useRef<HTMLFormElement>(null);
  const rulesId = useId();
  const titleId = useId();
  const { values, errors, setField } = form;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (change.isPending) return;
    const found = { ...newPasswordErrors(values.password, values.confirmPassword, t) };
    if (!values.currentPassword) found.currentPassword = t('auth.errors.passwordRequired');
    if (Object.keys(found).length > 0) {
      form.fail({ fields: found, message: '' });
      focusFirstInvalid(formRef.current);
      return;
    }
    change.mutate(values, {
      onSuccess: () => {
        form.reset();
        toast(t('account.password.success'), 'success');
      },
      onError: (error) => {
        form.fail(formFailure(error, t));
        focusFirstInvalid(formRef.current);
      },
    });
  };

  return (
    <form ref={formRef} noValidate onSubmit={submit} aria-labelledby={titleId} className="flex flex-col gap-5">
      <h3 id={titleId} className="text-base font-semibold text-fg">
        {t('account.password.title')}
      </h3>
      <PasswordField
        label={t('account.password.current')}
        name="currentPassword"
        autoComplete="current-password"
        placeholder={t('auth.passwordPrompt')}
        value={values.currentPassword}
        error={errors.currentPassword}
        onChange={(event) => {
          setField('currentPassword', event.target.value);
        }}
      />
      <PasswordField
        label={t('auth.reset.newPassword')}
        name="password"
        autoComplete="new-password"
        placeholder={t('auth.passwordPrompt')}
        value={values.password}
        error={errors.password}
        describedBy={rulesId}
        onChange={(event) => {
          setField('password', event.target.value);
        }}
      />
      <PasswordField
        label={t('auth.repeatPassword')}
        name="confirmPassword"
        autoComplete="new-password"
        placeholder={t('auth.repeatPasswordPrompt')}
        value={values.confirmPassword}
        error={errors.confirmPassword}
        describedBy={rulesId}
        onChange={(event) => {
          setField('confirmPassword', event.target.value);
        }}
      />
      <PasswordChecklist id={rulesId} password={values.password} confirmPassword={values.confirmPassword} />
      {form.message ? <FormAlert>{form.message}</FormAlert> : null}
      <SubmitButton pending={change.isPending} pendingLabel={t('account.password.submitting')} variant="secondary">
        {t('account.password.submit')}
      </SubmitButton>
    </form>
  );
}
