import type { WalletLine } from '@episodic/contract';
import type { TFunction } from 'i18next';
import { formatDate } from '../../shared/format/date';
import type { Language } from '../../shared/i18n/languages';
import { useLanguage } from '../../shared/i18n/use-language';
import { useTranslation } from '../../shared/i18n/use-translation';

/** What a line was for, in words. */
function lineTitle(line: WalletLine, t: TFunction): string {
  const series = line.seriesTitle ?? '';
  switch (line.kind) {
    case 'purchase':
      return t('rewards.line.purchase', { plan: line.planName ?? '' });
    case 'bonus':
      return t('rewards.line.planBonus', { plan: line.planName ?? '' });
    case 'spend':
      return line.episodeNumber !== null
        ? t('rewards.line.unlockEpisode', { series, number: line.episodeNumber })
        : t('rewards.line.unlockSeries', { series });
    case 'refund':
      // A refunded first purchase takes its bonus back on a line of its own.
      if (line.reward === 'first_purchase') return t('rewards.line.firstPurchaseTakenBack');
      return line.delta < 0
        ? t('rewards.line.refund', { plan: line.planName ?? '' })
        : t('rewards.line.returned', { series });
    case 'grant':
      return t('rewards.line.grant');
    case 'reward':
      if (line.reward === 'check_in') return t('rewards.line.checkIn', { day: line.streakDay ?? 1 });
      if (line.reward === 'first_purchase') return t('rewards.line.firstPurchase');
      return t('rewards.line.welcome');
  }
}

/** Which coins a line moved: bought, bonus, or both. */
function bucketText(line: WalletLine, t: TFunction): string {
  const bonus = Math.abs(line.bonusDelta);
  const paid = Math.abs(line.delta - line.bonusDelta);
  if (bonus > 0 && paid > 0) return t('rewards.line.both', { paid, bonus });
  return bonus > 0 ? t('rewards.line.bonusCoins') : t('rewards.line.paidCoins');
}

const signed = (n: number) => (n > 0 ? `+${String(n)}` : `−${String(Math.abs(n))}`);

/** One coin movement: what it was for, when, which coins, and how many. */
export function WalletLineRow({ line }: { line: WalletLine }) {
  const { t } = useTranslation();
  const language: Language = useLanguage();
  return (
    <div className="flex items-center gap-3 rounded-2xl bg-surface px-4 py-3">
      <div className="min-w-0 flex-1">
        <p className="text-sm font-medium text-fg">{lineTitle(line, t)}</p>
        <p className="text-xs text-fg-subtle">
          {formatDate(line.at, language)} · {bucketText(line, t)}
        </p>
      </div>
      <span className={`shrink-0 font-semibold tabular-nums ${line.delta > 0 ? 'text-emerald-300' : 'text-fg'}`}>
        {signed(line.delta)}
      </span>
    </div>
  );
}

export function WalletLineSkeleton() {
  return <span className="skeleton block h-16 rounded-2xl" />;
}
