import { useTranslation } from '../../shared/i18n/use-translation';
import { useLocation } from 'react-router';
import { isPlayerPath } from '../../shared/links/player-path';
import { Spinner } from '../../shared/ui/spinner';

/**
 * Shown in place of a page whose code is still loading; a full screen tall, so the footer stays below the
 * fold until the page arrives (no layout shift). The player page loads on black, as the player itself
 * covers the screen (same layer and colour), so an opened episode link does not show the layout first.
 */
export function RouteLoading() {
  const { t } = useTranslation();
  const player = isPlayerPath(useLocation().pathname);
  return (
    <div
      data-route-state="loading"
      className={
        player
          ? 'fixed inset-0 z-[45] flex items-center justify-center bg-black text-white'
          : 'flex min-h-dvh items-center justify-center'
      }
    >
      <Spinner label={t('app.loading')} className="size-8 text-accent" />
    </div>
  );
}
