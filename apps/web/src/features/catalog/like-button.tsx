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
        layout === 'stacked' ? 'flex-col gap-1 rounded-xl py-1' : 'gap-1.5 px-3'
      } ${liked ? 'text-accent' : 'text-fg'} ${className}`}
    >
      {layout === 'stacked' ? (
        // On a player's side rail: in the same round backdrop as the rail's other buttons.
        <span className="flex size-11 items-center justify-center rounded-full bg-black/30 backdrop-blur-sm">
          <HeartIcon filled={liked} className="size-6" />
        </span>
      ) : (
        <HeartIcon filled={liked} className="size-5" />
      )}
      <span className="sr-only">{t('likes.like')}</span>{' '}
      <span className={`tabular-nums ${layout === 'stacked' ? 'text-[11px] text-white drop-shadow' : 'text-xs'}`}>
        {short}
      </span>
    </button>
  );
}
