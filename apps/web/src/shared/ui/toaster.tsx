import { useSyncExternalStore } from 'react';
import { useTranslation } from '../i18n/use-translation';
import { dismissToast, getToasts, subscribeToasts, type ToastTone } from './toast-store';

const toneClass: Record<ToastTone, string> = {
  info: 'border-white/10',
  success: 'border-emerald-400/40',
  error: 'border-accent/50',
};

/**
 * Renders the toast store. The live region is always mounted so screen readers announce new messages.
 * Over video (the player, the For You feed) they show at the top, under its bar, clear of the series
 * title, the buttons and the seek bar along the bottom.
 */
export function Toaster({ placement = 'bottom' }: { placement?: 'top' | 'bottom' }) {
  const { t: translate } = useTranslation();
  const toasts = useSyncExternalStore(subscribeToasts, getToasts, getToasts);
  return (
    <div
      role="status"
      aria-live="polite"
      aria-atomic="false"
      className={`pointer-events-none fixed inset-x-0 ${placement === 'top' ? 'top-[calc(3.75rem+env(safe-area-inset-top))]' : 'bottom-[calc(4.5rem+env(safe-area-inset-bottom))]'} z-50 mx-auto flex w-full max-w-[480px] flex-col items-center gap-2 px-4`}
    >
      {toasts.map((t) => (
        <div
          key={t.id}
          className={`toast-in pointer-events-auto flex max-w-full items-center gap-3 rounded-xl border bg-surface-2/95 px-4 py-2.5 text-sm text-fg shadow-lg shadow-black/40 backdrop-blur ${toneClass[t.tone]}`}
        >
          <span className="min-w-0 break-words">{t.message}</span>
          {t.action ? (
            <button
              type="button"
              onClick={() => {
                dismissToast(t.id);
                t.action?.onPress();
              }}
              className="shrink-0 rounded-full px-2 py-1 text-sm font-semibold text-accent hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-accent"
            >
              {t.action.label}
            </button>
          ) : null}
          <button
            type="button"
            onClick={() => {
              dismissToast(t.id);
            }}
            className="-mr-1 shrink-0 rounded p-1 text-fg-muted hover:text-fg focus-visible:outline-2 focus-visible:outline-accent"
            aria-label={translate('app.dismiss')}
          >
            <svg
              aria-hidden="true"
              viewBox="0 0 20 20"
              className="size-4"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
            >
              <path d="M5 5l10 10M15 5L5 15" strokeLinecap="round" />
            </svg>
          </button>
        </div>
      ))}
    </div>
  );
}
