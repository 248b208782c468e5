import type { RewardsState } from '@episodic/contract';
import { useTranslation } from '../../shared/i18n/use-translation';
import { Button, ButtonLink } from '../../shared/ui/button';
import { CheckIcon } from '../../shared/ui/icons/check';
import { CoinIcon } from '../../shared/ui/icons/coin';
import { useClaimReward } from './rewards-api';

const cardClass = 'flex flex-col gap-3 rounded-2xl bg-surface p-4';

/** What a viewer who cannot collect yet must do: create an account, or confirm its email. */
function Locked({ isGuest }: { isGuest: boolean }) {
  const { t } = useTranslation();
  return isGuest ? (
    <div className="flex flex-col gap-2">
      <p className="text-sm text-fg-muted">{t('rewards.lockedGuest')}</p>
      <ButtonLink to="/register" variant="secondary">
        {t('auth.createAccount')}
      </ButtonLink>
    </div>
  ) : (
    <p className="text-sm text-fg-muted">{t('rewards.lockedVerify')}</p>
  );
}

/** The welcome coins: collected once, by an account whose email is confirmed. */
export function WelcomeCard({ state, isGuest }: { state: RewardsState; isGuest: boolean }) {
  const { t } = useTranslation();
  const claim = useClaimReward('welcome', (s) => t('rewards.welcome.done', { count: s.welcome.coins }));
  if (state.welcome.coins === 0 || state.welcome.claimed) return null;
  return (
    <section aria-labelledby="welcome-title" className={cardClass}>
      <h2 id="welcome-title" className="flex items-center gap-2 font-semibold text-fg">
        <CoinIcon className="size-5 text-accent" />
        {t('rewards.welcome.title', { count: state.welcome.coins })}
      </h2>
      {state.eligible ? (
        <Button
          disabled={claim.isPending}
          aria-busy={claim.isPending || undefined}
          onClick={() => {
            claim.mutate();
          }}
        >
          {t('rewards.welcome.claim', { count: state.welcome.coins })}
        </Button>
      ) : (
        <Locked isGuest={isGuest} />
      )}
    </section>
  );
}

/** The streak days shown: a week, or the table when it is longer; the position of today in it. */
function streakWindow(state: RewardsState['checkIn']) {
  const length = Math.max(7, state.days.length);
  const dayOfToday = state.claimedToday ? state.streak : state.streak + 1;
  // Past the table's end, the window moves on with the streak (its last value repeats).
  const first = Math.max(1, dayOfToday - length + 1);
  return Array.from({ length }, (_, i) => {
    const day = first + i;
    const coins = state.days.length > 0 ? state.days[Math.min(day, state.days.length) - 1]! : 0;
    return {
      day,
      coins,
      done: day < dayOfToday || (day === dayOfToday && state.claimedToday),
      today: day === dayOfToday,
    };
  });
}

/** The daily check-in: the streak's days with their coins, today's amount, and the button (or that it is done). */
export function CheckInCard({ state, isGuest }: { state: RewardsState; isGuest: boolean }) {
  const { t } = useTranslation();
  const claim = useClaimReward('check-in', (s) => t('rewards.checkIn.done', { count: s.checkIn.todayCoins }));
  const { checkIn } = state;
  if (!checkIn.days.some((n) => n > 0)) return null;
  return (
    <section aria-labelledby="check-in-title" className={cardClass} data-testid="check-in">
      <div className="flex items-baseline justify-between gap-2">
        <h2 id="check-in-title" className="font-semibold text-fg">
          {t('rewards.checkIn.title')}
        </h2>
        <p className="text-sm text-fg-muted">{t('rewards.checkIn.streak', { count: checkIn.streak })}</p>
      </div>
      <ol className="grid grid-cols-7 gap-1.5" aria-label={t('rewards.checkIn.days')}>
        {streakWindow(checkIn)
          .slice(0, 7)
          .map((d) => (
            <li
              key={d.day}
              aria-current={d.today ? 'date' : undefined}
              className={`flex flex-col items-center gap-0.5 rounded-lg py-1.5 text-xs ${
                d.done ? 'bg-accent/20 text-fg' : 'bg-surface-2 text-fg-muted'
              } ${d.today ? 'outline-2 outline-accent' : ''}`}
            >
              <span>{t('rewards.checkIn.day', { day: d.day })}</span>
              {d.done ? <CheckIcon className="size-4 text-accent" /> : <CoinIcon className="size-4 text-accent" />}
              <span className="font-semibold tabular-nums">+{d.coins}</span>
            </li>
          ))}
      </ol>
      {!state.eligible ? (
        <Locked isGuest={isGuest} />
      ) : checkIn.claimedToday ? (
        <p className="flex items-center justify-center gap-1.5 rounded-xl bg-surface-2 py-3 text-sm text-fg-muted">
          <CheckIcon className="size-4 text-accent" />
          {t('rewards.checkIn.claimed', { count: checkIn.todayCoins })}
        </p>
      ) : (
        <Button
          disabled={claim.isPending}
          aria-busy={claim.isPending || undefined}
          onClick={() => {
            claim.mutate();
          }}
        >
          {t('rewards.checkIn.claim', { count: checkIn.todayCoins })}
        </Button>
      )}
      <p className="text-xs text-fg-subtle">{t('rewards.checkIn.rule', { zone: state.timeZone })}</p>
    </section>
  );
}
