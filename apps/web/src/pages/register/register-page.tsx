import { useRef } from 'react';
import { useTranslation } from '../../shared/i18n/use-translation';
import { useNavigate, useSearchParams } from 'react-router';
import { AuthSwitch, SignedInNote, useRegister } from '../../features/account';
import { ConsentCheckbox } from '../../shared/forms/consent-checkbox';
import { FormAlert } from '../../shared/forms/form-alert';
import { NewPasswordFields } from '../../shared/forms/new-password-fields';
import { safeReturnTo, withReturnTo } from '../../shared/links/return-to';
import { formFailure } from '../../shared/forms/server-messages';
import { isApiError } from '../../shared/api/api-error';
import { SubmitButton } from '../../shared/forms/submit-button';
import { useCurrentUser } from '../../shared/session/use-current-user';
import { useCheckedForm } from '../../shared/forms/use-checked-form';
import { track } from '../../features/tracking';
import { conversionEventId } from '../../features/tracking/lazy';
import { focusFirstInvalid, registrationErrors } from '../../shared/forms/validate';
import { Page } from '../../shared/ui/page';
import { TextField } from '../../shared/ui/text-field';
import { toast } from '../../shared/ui/toast-store';

const EMPTY = { email: '', password: '', confirmPassword: '', agree: false };

export function RegisterPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const returnTo = safeReturnTo(params.get('returnTo'));
  const user = useCurrentUser();
  const register = useRegister();
  const form = useCheckedForm(EMPTY, (values) => registrationErrors(values, t));
  const { errors, field, setField, watch } = form;

  // Set in the tap itself: taps landing before the form re-renders as pending are the same tap (the
  // second request would find the new account's email taken and show that over a success). Kept after
  // a success: the form stays on screen while the next page loads.
  const sending = useRef(false);
  const submit = form.submit((values) => {
    if (sending.current) return;
    sending.current = true;
    register.mutate(
      {
        email: values.email.trim(),
        password: values.password,
        confirmPassword: values.confirmPassword,
        agree: values.agree,
      },
      {
        onSuccess: (created) => {
          // The server reports the same conversion with the same id; the platforms count it once.
          track('CompleteRegistration', {
            event_id: conversionEventId('CompleteRegistration', created.id),
            method: 'email',
          });
          toast(t('auth.register.success'), 'success');
          void navigate(returnTo, { replace: true });
        },
        onError: (error) => {
          // An address a guest bought with: its owner was mailed the link that keeps those purchases.
          const purchases = isApiError(error) && error.reason === 'email_has_purchases';
          form.fail(formFailure(error, t, purchases ? {} : { 409: t('auth.errors.emailTaken') }));
          focusFirstInvalid(form.formRef.current);
          sending.current = false;
        },
      },
    );
  });

  return (
    <Page name="register" title={t('pages.register')}>
      <SignedInNote />
      <form ref={form.formRef} noValidate onSubmit={submit} className="flex flex-col gap-5 rounded-2xl bg-surface p-5">
        {user.data?.isGuest ? (
          <p className="text-sm leading-relaxed text-fg-muted">{t('auth.register.guestKeeps')}</p>
        ) : null}
        <TextField
          label={t('auth.email')}
          type="email"
          inputMode="email"
          autoComplete="email"
          autoCapitalize="none"
          spellCheck={false}
          placeholder={t('auth.emailPrompt')}
          error={errors.email}
          {...field('email')}
        />
        <NewPasswordFields form={form} label={t('auth.password')} />
        <ConsentCheckbox
          checked={watch('agree')}
          error={errors.agree}
          onChange={(checked) => {
            setField('agree', checked);
          }}
        />
        {form.message ? <FormAlert>{form.message}</FormAlert> : null}
        <SubmitButton pending={register.isPending} pendingLabel={t('auth.register.submitting')}>
          {t('auth.register.submit')}
        </SubmitButton>
      </form>
      <AuthSwitch prompt={t('auth.haveAccount')} to={withReturnTo('/login', returnTo)} action={t('auth.signIn')} />
    </Page>
  );
}

export { RegisterPage as Component };
