import { useState } from 'react';
import { useTranslation } from '../../shared/i18n/use-translation';
import { useNavigate } from 'react-router';
import { useResetLinkUsable, useResetPassword } from '../../features/account';
import { FormAlert } from '../../shared/forms/form-alert';
import { NewPasswordFields } from '../../shared/forms/new-password-fields';
import { formFailure } from '../../shared/forms/server-messages';
import { SubmitButton } from '../../shared/forms/submit-button';
import { useCheckedForm } from '../../shared/forms/use-checked-form';
import { focusFirstInvalid, newPasswordErrors } from '../../shared/forms/validate';
import { isApiError } from '../../shared/api/api-error';
import { ButtonLink } from '../../shared/ui/button';
import { toast } from '../../shared/ui/toast-store';

const EMPTY = { password: '', confirmPassword: '' };

/** Sets a new password from the emailed link (a receipt's: the first one); success signs in and opens the account page. */
export function NewPasswordForm({ token, purchase = false }: { token: string; purchase?: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const reset = useResetPassword();
  const form = useCheckedForm(EMPTY, (values) => newPasswordErrors(values.password, values.confirmPassword, t));
  const [refused, setRefused] = useState(false);
  const usable = useResetLinkUsable(token);
  const expired = refused || !usable;

  const submit = form.submit((values) => {
    if (reset.isPending) return;
    reset.mutate(
      { token, password: values.password, confirmPassword: values.confirmPassword },
      {
        onSuccess: () => {
          toast(t(purchase ? 'auth.reset.purchaseSuccess' : 'auth.reset.success'), 'success');
          void navigate('/my', { replace: true });
        },
        onError: (error) => {
          if (isApiError(error) && error.kind === 'envelope' && error.code === 410) setRefused(true);
          form.fail(formFailure(error, t, { 410: t('auth.errors.linkExpired') }));
          focusFirstInvalid(form.formRef.current);
        },
      },
    );
  });

  if (expired) {
    return (
      <div className="flex flex-col gap-4 rounded-2xl bg-surface p-5">
        <FormAlert>{t('auth.errors.linkExpired')}</FormAlert>
        <ButtonLink to="/retrievePassword" className="w-full">
          {t('auth.reset.requestNew')}
        </ButtonLink>
      </div>
    );
  }

  return (
    <form ref={form.formRef} noValidate onSubmit={submit} className="flex flex-col gap-5 rounded-2xl bg-surface p-5">
      <p className="text-sm leading-relaxed text-fg-muted">
        {t(purchase ? 'auth.reset.purchaseIntro' : 'auth.reset.intro')}
      </p>
      <NewPasswordFields form={form} label={t('auth.reset.newPassword')} />
      {form.message ? <FormAlert>{form.message}</FormAlert> : null}
      <SubmitButton pending={reset.isPending} pendingLabel={t('auth.reset.submitting')}>
        {t(purchase ? 'auth.reset.purchaseSubmit' : 'auth.reset.submit')}
      </SubmitButton>
    </form>
  );
}
