import { useTranslation } from '../../shared/i18n/use-translation';
import { useSearchParams } from 'react-router';
import { AuthSwitch } from '../../features/account';
import { Page } from '../../shared/ui/page';
import { RequestLinkForm } from './request-link-form';
import { NewPasswordForm } from './new-password-form';

/** Forgot password: without `token`, ask for the email; with the emailed link's `token`, set a new password. */
export function RetrievePasswordPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  return (
    <Page name="retrieve-password" title={t('pages.retrievePassword')}>
      {token ? <NewPasswordForm key={token} token={token} /> : <RequestLinkForm />}
      <AuthSwitch prompt={t('auth.haveAccount')} to="/login" action={t('auth.signIn')} />
    </Page>
  );
}

export { RetrievePasswordPage as Component };
