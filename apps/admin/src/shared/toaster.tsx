import { useSyncExternalStore } from 'react';
import { dismissToast, getToasts, subscribeToasts } from './toast';

export function Toaster() {
  const toasts = useSyncExternalStore(subscribeToasts, getToasts, getToasts);
  return (
    <div
      role="status"
      aria-live="polite"
      className="pointer-events-none fixed right-4 bottom-4 z-50 flex w-80 flex-col gap-2"
    >
      {toasts.map((t) => (
        <div
          key={t.id}
          className="pointer-events-auto flex items-start gap-3 rounded-lg bg-zinc-900 px-4 py-3 text-sm text-white shadow-lg"
        >
          <span className="flex-1">{t.message}</span>
          <button
            type="button"
            className="text-zinc-400 hover:text-white"
            aria-label="Dismiss"
            onClick={() => {
              dismissToast(t.id);
            }}
          >
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
