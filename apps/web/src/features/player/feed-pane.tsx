import { memo, type ReactNode } from 'react';
import { useTranslation } from '../../shared/i18n/use-translation';
import { Button } from '../../shared/ui/button';
import { CenterSpinner, StateIcon } from './player-chrome';
import type { PlaybackErrorKind } from './media-slot';

interface FeedPaneProps {
  /** -1 above (previous episode), 0 on screen, 1 below (next episode). */
  offset: -1 | 0 | 1;
  poster: string | null;
  /** Locked (or only a stand-in picture): drawn blurred and dimmed. */
  locked: boolean;
}

/** One episode's place in the vertical feed: its poster, under the video that plays there. */
export const FeedPane = memo(function FeedPane({ offset, poster, locked }: FeedPaneProps) {
  return (
    <div
      aria-hidden="true"
      className="absolute inset-0 overflow-hidden"
      style={{ transform: `translateY(${String(offset * 100)}%)` }}
    >
      {poster ? (
        <img
          src={poster}
          alt=""
          decoding="async"
          fetchPriority="low"
          className={`h-full w-full object-cover ${locked ? 'scale-110 blur-2xl brightness-50' : ''}`}
        />
      ) : null}
    </div>
  );
});

interface PlayerOverlayProps {
  loading: boolean;
  error: PlaybackErrorKind | null;
  onRetry: () => void;
  /** Paused with a picture: the steady play sign. */
  paused: boolean;
  flash: { kind: 'play' | 'pause'; key: number } | null;
  /** The tap-to-play surface (absent while nothing can play). */
  surface: ReactNode;
  /** The paywall of a locked episode. */
  children?: ReactNode;
}

const ERROR_MESSAGE = {
  network: 'player.errorNetwork',
  media: 'player.errorMedia',
  unsupported: 'player.errorUnsupported',
} as const;

/** What lies over the episode on screen: tap surface, play state, spinner, error with retry, paywall. */
export function PlayerOverlay({ loading, error, onRetry, paused, flash, surface, children }: PlayerOverlayProps) {
  const { t } = useTranslation();
  return (
    <div className="absolute inset-0">
      {surface}
      {paused && !error ? <StateIcon kind="play" /> : null}
      {flash && !paused && !error ? <StateIcon key={flash.key} kind={flash.kind} /> : null}
      {loading && !error ? <CenterSpinner label={t('player.loading')} /> : null}
      {error ? (
        // Left of the side actions, so neither covers the other.
        <div className="absolute inset-0 z-30 flex items-center justify-center py-6 pr-20 pl-4">
          <div
            role="alert"
            data-no-swipe
            className="flex max-w-xs flex-col items-center gap-3 rounded-2xl bg-black/75 p-5 text-center text-sm text-white ring-1 ring-white/10 backdrop-blur"
          >
            <p>{t(ERROR_MESSAGE[error])}</p>
            {error !== 'unsupported' ? (
              <Button variant="secondary" onClick={onRetry}>
                {t('app.retry')}
              </Button>
            ) : null}
          </div>
        </div>
      ) : null}
      {children ? (
        <div className="absolute inset-x-0 bottom-0 z-30 flex justify-center px-3 pb-[calc(env(safe-area-inset-bottom)+0.75rem)]">
          {children}
        </div>
      ) : null}
    </div>
  );
}
