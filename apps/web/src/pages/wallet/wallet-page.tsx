import type { RewardsState } from '@episodic/contract';
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  CheckInCard,
  rewardsQuery,
  walletQuery,
  WalletLineRow,
  WalletLineSkeleton,
  WelcomeCard,
} from '../../features/rewards';
import { useTranslation } from '../../shared/i18n/use-translation';
import { useLanguage } from '../../shared/i18n/use-language';
import { useCurrentUser } from '../../shared/session/use-current-user';
import { ButtonLink } from '../../shared/ui/button';
import { EmptyState } from '../../shared/ui/empty-state';
import { ErrorState } from '../../shared/ui/error-state';
import { CoinIcon } from '../../shared/ui/icons/coin';
import { PagedList } from '../../shared/ui/paged-list';
import { Page, Section } from '../../shared/ui/page';

/** The two balances side by side, and the rule that decides which goes first. */
function Balances({ wallet }: { wallet: RewardsState['wallet'] }) {
  const { t } = useTranslation();
  return (
    <section aria-label={t('rewards.balances')} className="flex flex-col gap-3 rounded-2xl bg-surface p-4">
      <dl className="grid grid-cols-2 gap-3">
        <div className="rounded-xl bg-surface-2 px-4 py-3">
          <dt className="flex items-center gap-1.5 text-xs text-fg-muted">
            <CoinIcon className="size-4 text-accent" />
            {t('rewards.paidCoins')}
          </dt>
          <dd className="mt-1 text-2xl font-semibold text-fg tabular-nums" data-testid="paid-coins">
            {wallet.paidCoins}
          </dd>
        </div>
        <div className="rounded-xl bg-surface-2 px-4 py-3">
          <dt className="flex items-center gap-1.5 text-xs text-fg-muted">
            <CoinIcon className="size-4 text-amber-300" />
            {t('rewards.bonusCoins')}
          </dt>
          <dd className="mt-1 text-2xl font-semibold text-fg tabular-nums" data-testid="bonus-coins">
            {wallet.bonusCoins}
          </dd>
        </div>
      </dl>
      <p className="text-sm text-fg-muted">{t('rewards.rule')}</p>
      <ButtonLink to="/shopping" variant="secondary">
        {t('account.getCoins')}
      </ButtonLink>
    </section>
  );
}

function BalancesSkeleton() {
  const { t } = useTranslation();
  return (
    <div role="status" aria-label={t('app.loading')} className="flex flex-col gap-3 rounded-2xl bg-surface p-4">
      <div className="grid grid-cols-2 gap-3">
        <span className="skeleton h-20 rounded-xl" />
        <span className="skeleton h-20 rounded-xl" />
      </div>
      <span className="skeleton h-4 w-3/4 rounded-md" />
    </div>
  );
}

/** The wallet: bought and bonus coins, the rewards to collect, and every coin movement. */
export function WalletPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const user = useCurrentUser();
  const rewards = useQuery(rewardsQuery(queryClient));
  const lines = useInfiniteQuery(walletQuery(useLanguage(), queryClient));
  const isGuest = user.data ? user.data.isGuest || !user.data.email : true;
  return (
    <Page name="wallet" title={t('rewards.title')}>
      {rewards.isPending ? (
        <BalancesSkeleton />
      ) : rewards.isError || !('wallet' in rewards.data) ? (
        <ErrorState
          className="min-h-40 rounded-2xl bg-surface"
          message={t('rewards.loadError')}
          onRetry={() => {
            void rewards.refetch();
          }}
        />
      ) : (
        <>
          <Balances wallet={rewards.data.wallet} />
          <WelcomeCard state={rewards.data} isGuest={isGuest} />
          <CheckInCard state={rewards.data} isGuest={isGuest} />
        </>
      )}
      <Section title={t('rewards.history')}>
        <PagedList
          query={lines}
          layout="list"
          label={t('rewards.history')}
          getKey={(line) => line.id}
          renderItem={(line) => <WalletLineRow line={line} />}
          renderSkeleton={() => <WalletLineSkeleton />}
          skeletonCount={4}
          empty={
            <EmptyState className="min-h-40" message={t('rewards.empty')}>
              <ButtonLink to="/shopping">{t('account.getCoins')}</ButtonLink>
            </EmptyState>
          }
          errorMessage={t('rewards.linesError')}
        />
      </Section>
    </Page>
  );
}

export { WalletPage as Component };
