import { useTranslation } from '../../shared/i18n/use-translation';
import { Link } from '../../shared/links/link';
import { useCurrentUser } from '../../shared/session/use-current-user';
import { FormAlert } from '../../shared/forms/form-alert';

/** On the sign-in and registration forms: says who is signed in already, with the way to the account. */
export function SignedInNote() {
  const { t } = useTranslation();
  const { data: user } = useCurrentUser();
  if (!user || user.isGuest || !user.email) return null;
  return (
    <FormAlert tone="info">
      {t('auth.login.signedInAs', { email: user.email })}{' '}
      <Link to="/my" className="font-semibold text-accent hover:underline">
        {t('auth.login.goToAccount')}
      </Link>
    </FormAlert>
  );
}
