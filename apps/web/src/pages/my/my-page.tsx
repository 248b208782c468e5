import { useEffect } from 'react';
import { useTranslation } from '../../shared/i18n/use-translation';
import { useSearchParams } from 'react-router';
import { Link } from '../../shared/links/link';
import { useSignOut } from '../../features/account';
import { useCurrentUser } from '../../shared/session/use-current-user';
import { MembershipStatus } from '../../features/billing';
import { POLICY_LINKS } from '../../shared/links/policy-links';
import { Button } from '../../shared/ui/button';
import { ErrorState } from '../../shared/ui/error-state';
import { ChevronRightIcon } from '../../shared/ui/icons/chevron-right';
import { LogOutIcon } from '../../shared/ui/icons/log-out';
import { Page, Section } from '../../shared/ui/page';
import { toast } from '../../shared/ui/toast-store';
import { AccountSummary, AccountSummarySkeleton } from './account-summary';
import { FavoritesRail, HistoryRail } from './library-rails';
import { EmailLinkResult, VerifyEmailNotice } from './verify-email';

function LinkList({ links }: { links: readonly { to: string; label: string }[] }) {
  return (
    <ul className="divide-y divide-white/5 overflow-hidden rounded-2xl bg-surface">
      {links.map((link) => (
        <li key={link.to}>
          <Link
            to={link.to}
            className="flex min-h-12 items-center justify-between px-4 text-sm text-fg hover:bg-white/5 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-accent"
          >
            {link.label}
            <ChevronRightIcon className="size-4 text-fg-subtle" />
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** The account page: who is signed in, plan and coins (cancelling a renewal in one tap), the list and history rails, settings, help, sign-out. */
export function MyPage() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const signOut = useSignOut({
    onEnded: () => {
      toast(t('account.loggedOut'), 'success');
      // The button sits at the bottom; the guest's way back in is at the top.
      window.scrollTo({ top: 0 });
    },
  });
  // The one-tap cancel link of renewal emails lands here.
  const [params, setParams] = useSearchParams();
  const renewal = params.get('renewal');
  useEffect(() => {
    if (renewal !== 'cancelled' && renewal !== 'invalid-link') return;
    toast(
      renewal === 'cancelled' ? t('billing.membership.cancelledByLink') : t('billing.membership.invalidLink'),
      renewal === 'cancelled' ? 'success' : 'error',
    );
    setParams({}, { replace: true });
  }, [renewal, setParams, t]);
  const accountLinks = [
    { to: '/wallet', label: t('rewards.myLink') },
    { to: '/unlocked', label: t('pages.unlocked') },
    { to: '/individual', label: t('account.profileLink') },
    { to: '/shopping', label: t('pages.shopping') },
  ];
  return (
    <Page name="my" title={t('pages.my')}>
      <EmailLinkResult />
      {user.isPending ? (
        <AccountSummarySkeleton />
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
          <AccountSummary user={user.data} />
          <VerifyEmailNotice user={user.data} />
          {user.data.membership.active ? <MembershipStatus user={user.data} /> : null}
        </>
      )}
      <FavoritesRail />
      <HistoryRail />
      <Section title={t('account.manage')}>
        <LinkList links={accountLinks} />
      </Section>
      <Section title={t('account.help')}>
        <LinkList links={POLICY_LINKS.map((link) => ({ to: link.to, label: t(`pages.${link.page}`) }))} />
      </Section>
      {user.data && !user.data.isGuest ? (
        <Button
          variant="secondary"
          disabled={signOut.isPending}
          aria-busy={signOut.isPending || undefined}
          onClick={() => {
            signOut.mutate(false);
          }}
        >
          <LogOutIcon className="size-4" />
          {t('account.logoutThisDevice')}
        </Button>
      ) : null}
    </Page>
  );
}

export { MyPage as Component };
