import type { User } from '@episodic/contract';
import { useTranslation } from '../../shared/i18n/use-translation';
import { useCurrentUser } from '../../shared/session/use-current-user';
import { ButtonLink } from '../../shared/ui/button';
import { ErrorState } from '../../shared/ui/error-state';
import { Page, Section } from '../../shared/ui/page';
import { Skeleton } from '../../shared/ui/spinner';
import { ChangePasswordForm } from './change-password-form';
import { DeleteAccount } from './delete-account';
import { DownloadData } from './download-data';
import { PreferencesSection } from './preferences-section';
import { SignOutEverywhere } from './sign-out-everywhere';

function AccountSection({ user }: { user: User }) {
  const { t } = useTranslation();
  if (user.isGuest || !user.email) {
    return (
      <Section title={t('account.settings.account')}>
        <div className="flex flex-col gap-4 rounded-2xl bg-surface p-5">
          <p className="text-sm leading-relaxed text-fg-muted">{t('account.settings.guestPrompt')}</p>
          <div className="flex gap-3">
            <ButtonLink to="/register?returnTo=%2Findividual" className="flex-1 whitespace-nowrap">
              {t('auth.createAccount')}
            </ButtonLink>
            <ButtonLink to="/login?returnTo=%2Findividual" variant="secondary" className="flex-1 whitespace-nowrap">
              {t('auth.signIn')}
            </ButtonLink>
          </div>
        </div>
      </Section>
    );
  }
  return (
    <Section title={t('account.settings.account')}>
      <div className="rounded-2xl bg-surface p-5">
        <dl>
          <dt className="text-xs text-fg-muted">{t('auth.email')}</dt>
          <dd className="mt-1 truncate text-base font-medium text-fg">{user.email}</dd>
        </dl>
      </div>
    </Section>
  );
}

function Security() {
  const { t } = useTranslation();
  return (
    <Section title={t('account.settings.security')}>
      <div className="flex flex-col gap-6 rounded-2xl bg-surface p-5">
        <ChangePasswordForm />
        <hr className="border-white/5" />
        <SignOutEverywhere />
      </div>
    </Section>
  );
}

function IndividualSkeleton() {
  const { t } = useTranslation();
  return (
    <div role="status" aria-label={t('app.loading')} className="flex flex-col gap-6">
      <Skeleton className="h-[7.5rem] rounded-2xl" />
      <Skeleton className="h-56 rounded-2xl" />
    </div>
  );
}

/** Profile and settings: account, language, auto-unlock, password, sessions, data export and deletion. */
export function IndividualPage() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  return (
    <Page name="individual" title={t('pages.individual')}>
      {user.isPending ? (
        <IndividualSkeleton />
      ) : user.isError ? (
        <ErrorState
          className="min-h-40 rounded-2xl bg-surface"
          message={t('account.loadError')}
          onRetry={() => {
            void user.refetch();
          }}
        />
      ) : (
        <>
          <AccountSection user={user.data} />
          <PreferencesSection user={user.data} />
          {user.data.isGuest ? null : <Security />}
          <DownloadData />
          {user.data.isGuest ? null : <DeleteAccount user={user.data} />}
        </>
      )}
    </Page>
  );
}

export { IndividualPage as Component };
