import { useTranslation } from '../../shared/i18n/use-translation';
import { useSearchParams } from 'react-router';
import { AuthSwitch } from '../../features/account';
import { Page } from '../../shared/ui/page';
import { RequestLinkForm } from './request-link-form';
import { NewPasswordForm } from './new-password-form';

/**
 * Forgot password: without `token`, ask for the email; with the emailed link's `token`, set a new password
 * (`purchase=1`: a receipt's link, which sets the first one). Opening the link does nothing by itself: the
 * form must be sent, so a mail scanner following it signs nobody in.
 */
export function RetrievePasswordPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  // A receipt's link: the guest who paid becomes the account of the address the receipt went to.
  const purchase = Boolean(token) && params.get('purchase') === '1';
  return (
    <Page name="retrieve-password" title={t(purchase ? 'pages.setPassword' : 'pages.retrievePassword')}>
      {token ? <NewPasswordForm key={token} token={token} purchase={purchase} /> : <RequestLinkForm />}
      <AuthSwitch prompt={t('auth.haveAccount')} to="/login" action={t('auth.signIn')} />
    </Page>
  );
}

export { RetrievePasswordPage as Component };
