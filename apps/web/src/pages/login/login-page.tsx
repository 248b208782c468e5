import { useTranslation } from '../../shared/i18n/use-translation';
import { useNavigate, useSearchParams } from 'react-router';
import { Link } from '../../shared/links/link';
import { AuthSwitch, ConsentLine, SignedInNote, useLogin } from '../../features/account';
import { FormAlert } from '../../shared/forms/form-alert';
import { PasswordField } from '../../shared/forms/password-field';
import { safeReturnTo, withReturnTo } from '../../shared/links/return-to';
import { formFailure } from '../../shared/forms/server-messages';
import { SubmitButton } from '../../shared/forms/submit-button';
import { useCurrentUser } from '../../shared/session/use-current-user';
import { useCheckedForm } from '../../shared/forms/use-checked-form';
import { loginErrors } from '../../shared/forms/validate';
import { Page } from '../../shared/ui/page';
import { TextField } from '../../shared/ui/text-field';
import { toast } from '../../shared/ui/toast-store';
import { FacebookSignIn, facebookErrorMessage } from './facebook-sign-in';

const EMPTY = { email: '', password: '' };

export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const returnTo = safeReturnTo(params.get('returnTo'));
  const providerError = facebookErrorMessage(params.get('error'), t);
  const user = useCurrentUser();
  const login = useLogin();
  const form = useCheckedForm(EMPTY, (values) => loginErrors(values, t));
  const { errors, field } = form;

  const submit = form.submit((values) => {
    if (login.isPending) return;
    login.mutate(
      { email: values.email.trim(), password: values.password },
      {
        onSuccess: () => {
          toast(t('auth.login.success'), 'success');
          void navigate(returnTo, { replace: true });
        },
        onError: (error) => {
          form.fail(formFailure(error, t));
        },
      },
    );
  });

  return (
    <Page name="login" title={t('pages.login')}>
      <SignedInNote />
      {providerError && !form.message ? (
        <FormAlert tone={params.get('error') === 'facebook_link' ? 'info' : 'error'}>{providerError}</FormAlert>
      ) : null}
      <form ref={form.formRef} noValidate onSubmit={submit} className="flex flex-col gap-5 rounded-2xl bg-surface p-5">
        {user.data?.isGuest ? (
          <p className="text-sm leading-relaxed text-fg-muted">{t('auth.login.guestKeeps')}</p>
        ) : null}
        <TextField
          label={t('auth.email')}
          type="email"
          inputMode="email"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          placeholder={t('auth.emailPrompt')}
          error={errors.email}
          {...field('email')}
        />
        <PasswordField
          label={t('auth.password')}
          autoComplete="current-password"
          placeholder={t('auth.passwordPrompt')}
          error={errors.password}
          {...field('password')}
        />
        <Link
          to="/retrievePassword"
          className="-mt-2 self-end rounded text-sm text-fg-muted underline-offset-2 hover:text-fg hover:underline focus-visible:outline-2 focus-visible:outline-accent"
        >
          {t('auth.forgotPassword')}
        </Link>
        {form.message ? <FormAlert>{form.message}</FormAlert> : null}
        <SubmitButton pending={login.isPending} pendingLabel={t('auth.login.submitting')}>
          {t('auth.login.submit')}
        </SubmitButton>
        <FacebookSignIn returnTo={returnTo} />
        <ConsentLine />
      </form>
      <AuthSwitch
        prompt={t('auth.newHere')}
        to={withReturnTo('/register', returnTo)}
        action={t('auth.createAccount')}
      />
    </Page>
  );
}

export { LoginPage as Component };
