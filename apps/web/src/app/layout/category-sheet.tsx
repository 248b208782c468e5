import { useEffect, useEffectEvent, useId, useRef } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from '../../shared/i18n/use-translation';
import { Link } from '../../shared/links/link';
import { useTags } from '../../features/catalog/tags';
import { IconButton } from '../../shared/ui/button';
import { ErrorState } from '../../shared/ui/error-state';
import { EmptyState } from '../../shared/ui/empty-state';
import { CloseIcon } from '../../shared/ui/icons/close';
import { Skeleton } from '../../shared/ui/spinner';

const FOCUSABLE = 'a[href], button:not([disabled]), select, input, textarea, [tabindex]:not([tabindex="-1"])';

/** Wraps Tab and Shift+Tab around the dialog's controls (it is modal). */
function keepFocusInside(dialog: HTMLElement, event: KeyboardEvent): void {
  const items = Array.from(dialog.querySelectorAll<HTMLElement>(FOCUSABLE));
  const first = items[0];
  const last = items[items.length - 1];
  if (!first || !last) return;
  const active = document.activeElement;
  if (event.shiftKey && (active === first || !dialog.contains(active))) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && (active === last || !dialog.contains(active))) {
    event.preventDefault();
    first.focus();
  }
}

interface CategorySheetProps {
  onClose: () => void;
}

/** Bottom sheet listing the categories (`GET /api/tag`); each opens its browse page. */
export function CategorySheet({ onClose }: CategorySheetProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const closeRef = useRef<HTMLButtonElement>(null);
  const dialogRef = useRef<HTMLDivElement>(null);
  const tags = useTags(true);
  const onKeyDown = useEffectEvent((event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      onClose();
      return;
    }
    if (event.key === 'Tab' && dialogRef.current) keepFocusInside(dialogRef.current, event);
  });

  // Focus moves into the sheet while it is open and back to the opener when it closes.
  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    closeRef.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      onKeyDown(event);
    };
    document.addEventListener('keydown', onKey);
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    return () => {
      document.removeEventListener('keydown', onKey);
      document.body.style.overflow = overflow;
      opener?.focus();
    };
  }, []);

  // Portalled to <body>: the sticky, blurred header would otherwise become the box `fixed` is relative to.
  return createPortal(
    <div className="fixed inset-0 z-50 flex items-end justify-center">
      <button type="button" tabIndex={-1} aria-hidden="true" className="absolute inset-0 bg-black/60" onClick={onClose} />
      <div
        ref={dialogRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        className="sheet-in relative flex max-h-[75dvh] w-full max-w-[480px] flex-col rounded-t-3xl bg-surface pb-[env(safe-area-inset-bottom)] shadow-2xl"
      >
        <div className="flex items-center justify-between px-5 pt-4 pb-2">
          <h2 id={titleId} className="text-lg font-semibold text-fg">
            {t('categories.title')}
          </h2>
          <IconButton ref={closeRef} label={t('app.close')} onClick={onClose}>
            <CloseIcon className="size-5" />
          </IconButton>
        </div>
        <div className="min-h-40 overflow-y-auto px-5 pt-1 pb-6">
          {tags.isPending ? (
            <div role="status" aria-label={t('categories.loading')} className="grid grid-cols-2 gap-2">
              {Array.from({ length: 8 }, (_, i) => (
                <Skeleton key={i} className="h-11 rounded-full" />
              ))}
            </div>
          ) : tags.isError ? (
            <ErrorState
              message={t('categories.error')}
              onRetry={() => {
                void tags.refetch();
              }}
            />
          ) : tags.data.length === 0 ? (
            <EmptyState message={t('categories.empty')} />
          ) : (
            <ul className="grid grid-cols-2 gap-2">
              {tags.data.map((tag) => (
                <li key={tag.id}>
                  <Link
                    to={`/browse/${encodeURIComponent(String(tag.id))}`}
                    onClick={onClose}
                    className="flex min-h-11 items-center justify-center rounded-full bg-surface-2 px-4 py-1 text-center text-sm leading-tight text-fg ring-1 ring-white/10 hover:ring-accent focus-visible:outline-2 focus-visible:outline-accent"
                  >
                    <span className="line-clamp-2 break-words">{tag.name}</span>
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </div>
      </div>
    </div>,
    document.body,
  );
}
