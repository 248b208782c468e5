import { useId } from 'react';
import { useTranslation } from '../../shared/i18n/use-translation';
import { useChangePassword } from '../../features/account';
import { FormAlert } from '../../shared/forms/form-alert';
import { NewPasswordFields } from '../../shared/forms/new-password-fields';
import { PasswordField } from '../../shared/forms/password-field';
import { formFailure } from '../../shared/forms/server-messages';
import { SubmitButton } from '../../shared/forms/submit-button';
import { useCheckedForm } from '../../shared/forms/use-checked-form';
import { focusFirstInvalid, newPasswordErrors } from '../../shared/forms/validate';
import { toast } from '../../shared/ui/toast-store';

const EMPTY = { currentPassword: '', password: '', confirmPassword: '' };

/** Current password, new password and its repetition (with the live rules). Other devices are signed out. */
export function ChangePasswordForm() {
  const { t } = useTranslation();
  const change = useChangePassword();
  const form = useCheckedForm(EMPTY, (values) => {
    const found = { ...newPasswordErrors(values.password, values.confirmPassword, t) };
    if (!values.currentPassword) found.currentPassword = t('auth.errors.passwordRequired');
    return found;
  });
  const titleId = useId();

  const submit = form.submit((values) => {
    if (change.isPending) return;
    change.mutate(values, {
      onSuccess: () => {
        form.reset();
        toast(t('account.password.success'), 'success');
      },
      onError: (error) => {
        form.fail(formFailure(error, t));
        focusFirstInvalid(form.formRef.current);
      },
    });
  });

  return (
    <form ref={form.formRef} noValidate onSubmit={submit} aria-labelledby={titleId} className="flex flex-col gap-5">
      <h3 id={titleId} className="text-base font-semibold text-fg">
        {t('account.password.title')}
      </h3>
      <PasswordField
        label={t('account.password.current')}
        autoComplete="current-password"
        placeholder={t('auth.passwordPrompt')}
        error={form.errors.currentPassword}
        {...form.field('currentPassword')}
      />
      <NewPasswordFields form={form} label={t('auth.reset.newPassword')} />
      {form.message ? <FormAlert>{form.message}</FormAlert> : null}
      <SubmitButton pending={change.isPending} pendingLabel={t('account.password.submitting')} variant="secondary">
        {t('account.password.submit')}
      </SubmitButton>
    </form>
  );
}
