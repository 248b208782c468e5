import type { User } from '@episodic/contract';
import { formatCount } from '../../shared/format/count';
import { useTranslation } from '../../shared/i18n/use-translation';
import { useLanguage } from '../../shared/i18n/use-language';
import { Link } from '../../shared/links/link';
import { membershipLine } from '../../features/billing';
import { ButtonLink } from '../../shared/ui/button';
import { ChevronRightIcon } from '../../shared/ui/icons/chevron-right';
import { CoinIcon } from '../../shared/ui/icons/coin';
import { CrownIcon } from '../../shared/ui/icons/crown';
import { UserIcon } from '../../shared/ui/icons/user';

const tileClass =
  'flex min-h-[5.5rem] flex-col justify-between rounded-xl bg-surface-2 px-4 py-3 hover:bg-surface-3 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent';

/** Who is signed in, their plan and coins (both leading to the shop); guests get the way to sign in. */
export function AccountSummary({ user }: { user: User }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const guest = user.isGuest || !user.email;
  return (
    <div className="flex flex-col gap-4 rounded-2xl bg-surface p-5">
      <div className="flex items-center gap-3">
        <span className="flex size-12 shrink-0 items-center justify-center rounded-full bg-surface-3 text-fg-muted">
          <UserIcon className="size-6" />
        </span>
        <div className="min-w-0">
          <p className="font-semibold break-words text-fg">{guest ? t('account.guest') : user.email}</p>
          <p className="text-sm text-fg-muted">{guest ? t('account.guestPrompt') : t('account.signedIn')}</p>
        </div>
      </div>
      {guest ? (
        // Side by side while both labels fit on a line; stacked where a language's labels are longer.
        <div className="flex flex-wrap gap-3">
          <ButtonLink to="/login" className="grow whitespace-nowrap">
            {t('auth.signIn')}
          </ButtonLink>
          <ButtonLink to="/register" variant="secondary" className="grow whitespace-nowrap">
            {t('auth.createAccount')}
          </ButtonLink>
        </div>
      ) : null}
      <div className="grid grid-cols-2 gap-3">
        <Link to="/shopping" className={tileClass}>
          <span className="flex items-center gap-1.5 text-xs text-fg-muted">
            <CrownIcon className="size-4 text-accent" />
            {t('account.plan')}
          </span>
          {/* A member's plan, renewal date and price are the membership card's, below: named once. */}
          <span className="mt-1 text-sm font-semibold text-fg">
            {user.membership.active ? t('account.member') : membershipLine(user, t, language)}
          </span>
          <span className="mt-1 flex items-center text-xs font-medium text-accent">
            {user.membership.active ? t('account.managePlan') : t('account.seePlans')}
            <ChevronRightIcon className="size-3.5" />
          </span>
        </Link>
        <Link to="/shopping" className={tileClass}>
          <span className="flex items-center gap-1.5 text-xs text-fg-muted">
            <CoinIcon className="size-4 text-accent" />
            {t('account.coins')}
          </span>
          <span className="mt-1 text-sm font-semibold text-fg tabular-nums">{formatCount(user.coins, language)}</span>
          <span className="mt-1 flex items-center text-xs font-medium text-accent">
            {t('account.getCoins')}
            <ChevronRightIcon className="size-3.5" />
          </span>
        </Link>
      </div>
    </div>
  );
}

/** Same footprint as a signed-in summary, so the page does not jump when the user arrives. */
export function AccountSummarySkeleton() {
  const { t } = useTranslation();
  return (
    <div role="status" aria-label={t('app.loading')} className="flex flex-col gap-4 rounded-2xl bg-surface p-5">
      <div className="flex items-center gap-3">
        <span className="skeleton size-12 shrink-0 rounded-full" />
        <span className="flex flex-1 flex-col gap-2">
          <span className="skeleton h-4 w-2/3 rounded-md" />
          <span className="skeleton h-3.5 w-1/3 rounded-md" />
        </span>
      </div>
      <div className="grid grid-cols-2 gap-3">
        <span className="skeleton h-[5.5rem] rounded-xl" />
        <span className="skeleton h-[5.5rem] rounded-xl" />
      </div>
    </div>
  );
}
