import type { EpisodeAccess, EpisodeListItem } from '@episodic/contract';
import { countOf, formatCount } from '../../shared/format/count';
import { useLanguage } from '../../shared/i18n/use-language';
import { useTranslation } from '../../shared/i18n/use-translation';
import { Dialog } from '../../shared/ui/dialog';
import { CheckIcon } from '../../shared/ui/icons/check';
import { LockIcon } from '../../shared/ui/icons/lock';
import { ArchivedNote } from './archived-note';

interface EpisodeSheetProps {
  title: string;
  episodes: readonly EpisodeListItem[];
  current: number;
  onSelect: (episodeNumber: number) => void;
  onClose: () => void;
  /** The series left the catalog: only the viewer's unlocked episodes are listed. */
  archived?: boolean;
}

/** Every episode as a grid, each showing before any tap whether it is free, unlocked or its price in coins. */
export function EpisodeSheet({ title, episodes, current, onSelect, onClose, archived = false }: EpisodeSheetProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const sorted = [...episodes].sort((a, b) => a.number - b.number);
  const free = sorted.filter((e) => e.free).length;
  const describe = (episode: EpisodeListItem, access: EpisodeAccess) => {
    const state =
      access === 'free'
        ? t('player.ep.free')
        : access === 'unlocked'
          ? t('player.ep.unlocked')
          : access === 'member'
            ? t('player.ep.member')
            : t('player.ep.locked', countOf(episode.cost, language));
    return `${t('player.ep.label', { number: episode.number })}, ${state}`;
  };
  return (
    <Dialog
      title={t('player.sheet.title')}
      description={
        <>
          <p>
            {title} · {t('player.sheet.summary', { count: sorted.length, free })}
          </p>
          {archived ? <ArchivedNote /> : null}
        </>
      }
      onClose={onClose}
    >
      <ul className="grid grid-cols-5 gap-2" aria-label={t('player.sheet.title')}>
        {sorted.map((episode) => {
          // Decided by the server: free, unlocked, included with a membership, or locked.
          const { access } = episode;
          const isCurrent = episode.number === current;
          return (
            <li key={episode.id}>
              <button
                type="button"
                aria-current={isCurrent ? 'true' : undefined}
                aria-label={describe(episode, access)}
                data-access={access}
                onClick={() => {
                  onSelect(episode.number);
                }}
                className={`relative flex aspect-square w-full flex-col items-center justify-center gap-0.5 rounded-xl text-base font-semibold tabular-nums focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent ${
                  isCurrent
                    ? 'bg-accent/15 text-accent ring-2 ring-accent'
                    : 'bg-surface-2 text-fg ring-1 ring-white/10 hover:bg-surface-3'
                }`}
              >
                {/* Spaces between the parts: read as words, what shows stays within the button's name. */}
                <span aria-hidden="true">{episode.number}</span>{' '}
                {access === 'free' ? (
                  <span
                    aria-hidden="true"
                    className="absolute top-0 right-0 rounded-tr-xl rounded-bl-lg bg-emerald-500 px-1 text-[9px] leading-4 font-bold text-black uppercase"
                  >
                    {t('player.ep.free')}
                  </span>
                ) : null}{' '}
                {access === 'locked' ? (
                  <span aria-hidden="true" className="flex items-center gap-0.5 text-[11px] font-medium text-amber-300">
                    <LockIcon className="size-3" />
                    {formatCount(episode.cost, language)}
                  </span>
                ) : null}
                {access === 'unlocked' || access === 'member' ? (
                  <span aria-hidden="true" className="text-emerald-400">
                    <CheckIcon className="size-3.5" />
                  </span>
                ) : null}
              </button>
            </li>
          );
        })}
      </ul>
    </Dialog>
  );
}
