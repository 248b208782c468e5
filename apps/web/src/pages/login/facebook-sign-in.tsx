import type { TFunction } from 'i18next';
import { useTranslation } from '../../shared/i18n/use-translation';
import { useProviders } from '../../features/account';
import { choseLanguageThisVisit } from '../../shared/i18n/account-language';
import { currentLanguage } from '../../shared/i18n/i18n';
import { FacebookIcon } from '../../shared/ui/icons/facebook';

// `link`: an account holds the Facebook email without a proven address; its password links Facebook.
const REASONS = ['denied', 'expired', 'failed', 'email_required', 'unavailable', 'link'] as const;
type Reason = (typeof REASONS)[number];

/** The message for the `error` the server puts on /login when Facebook sign-in did not complete. */
export function facebookErrorMessage(error: string | null, t: TFunction): string {
  if (!error?.startsWith('facebook_')) return '';
  const reason = error.slice('facebook_'.length);
  const known: Reason = (REASONS as readonly string[]).includes(reason) ? (reason as Reason) : 'failed';
  return t(`auth.facebook.${known}`);
}

/**
 * Where "Continue with Facebook" starts. The app loads anew on the way back, in the account's language,
 * unless the viewer chose one in the header during this visit: `lang` passes that choice, which the
 * account then takes.
 */
function facebookStart(returnTo: string): string {
  const start = `/api/user/oauth/facebook?returnTo=${encodeURIComponent(returnTo)}`;
  return choseLanguageThisVisit() ? `${start}&lang=${currentLanguage()}` : start;
}

/** "Continue with Facebook", when the server offers it: a plain link, since the sign-in leaves the app. */
export function FacebookSignIn({ returnTo }: { returnTo: string }) {
  const { t } = useTranslation();
  const providers = useProviders();
  // Holds the button's place while the answer comes (it is usually there), without a shimmer.
  if (providers.isPending) return <div aria-hidden="true" className="h-[4.75rem]" />;
  if (!providers.data?.facebook) return null;
  return (
    <div className="flex flex-col gap-3">
      <div className="flex items-center gap-3 text-xs text-fg-subtle" aria-hidden="true">
        <span className="h-px flex-1 bg-white/10" />
        {t('auth.login.or')}
        <span className="h-px flex-1 bg-white/10" />
      </div>
      <a
        href={facebookStart(returnTo)}
        onClick={(event) => {
          // The header's choice may have been remembered after this link was drawn.
          event.currentTarget.href = facebookStart(returnTo);
        }}
        className="inline-flex h-12 items-center justify-center gap-2 rounded-full bg-[#1877f2] px-5 text-sm font-semibold text-white hover:bg-[#166fe0] focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent"
      >
        <FacebookIcon className="size-5" />
        {t('auth.login.facebook')}
      </a>
    </div>
  );
}
