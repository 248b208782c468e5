import { useTranslation } from '../../shared/i18n/use-translation';
import { formatCompactCount } from '../../shared/format/count';
import { currentLanguage } from '../../shared/i18n/i18n';
import { HeartIcon } from '../../shared/ui/icons/heart';

export interface LikeButtonProps {
  liked: boolean;
  count: number;
  onToggle: () => void;
  /** Stacked (icon over count, as on a player's side rail) or in a row (icon beside count). */
  layout?: 'stacked' | 'row';
  className?: string;
}

/**
 * A series' like: a heart (filled when liked) and the count, short ("1.2K"). A toggle button
 * (`aria-pressed`) whose name holds the visible count, so what is seen is what a voice command says.
 */
export function LikeButton({ liked, count, onToggle, layout = 'row', className = '' }: LikeButtonProps) {
  const { t } = useTranslation();
  const short = formatCompactCount(count, currentLanguage());
  return (
    <button
      type="button"
      aria-pressed={liked}
      title={t('likes.count', { count })}
      onClick={onToggle}
      className={`flex min-h-11 min-w-11 items-center justify-center rounded-full text-sm font-medium focus-visible:outline-2 focus-visible:outline-accent ${
        layout === 'stacked' ? 'flex-col gap-0.5' : 'gap-1.5 px-3'
      } ${liked ? 'text-accent' : 'text-fg'} ${className}`}
    >
      <HeartIcon filled={liked} className={layout === 'stacked' ? 'size-7' : 'size-5'} />
      <span className="sr-only">{t('likes.like')}</span> <span className="text-xs tabular-nums">{short}</span>
    </button>
  );
}
