import { useEffect, useEffectEvent, useId, useRef, type ReactNode, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from '../i18n/use-translation';
import { IconButton } from './button';
import { CloseIcon } from './icons/close';

const FOCUSABLE = 'a[href], button:not([disabled]), select:not([disabled]), input:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

interface DialogProps {
  title: string;
  /** Read with the title when the dialog opens. */
  description?: ReactNode;
  onClose: () => void;
  children?: ReactNode;
  /** `alertdialog` for confirmations of something that cannot be undone. */
  role?: 'dialog' | 'alertdialog';
  /** The element to focus first; the first control otherwise. */
  initialFocus?: RefObject<HTMLElement | null>;
  /** While true, Escape and the backdrop do not close (an action is running). */
  busy?: boolean;
}

/**
 * A modal dialog rising from the bottom on phones: focus moves in and stays in, Escape or the backdrop
 * closes it, focus returns to the opener, and the page behind does not scroll.
 */
export function Dialog({ title, description, onClose, children, role = 'dialog', initialFocus, busy = false }: DialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const descriptionId = useId();
  const panelRef = useRef<HTMLDivElement>(null);

  const close = () => {
    if (!busy) onClose();
  };
  const onKeyDown = useEffectEvent((event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      if (!busy) onClose();
      return;
    }
    const panel = panelRef.current;
    if (event.key !== 'Tab' || !panel) return;
    const items = Array.from(panel.querySelectorAll<HTMLElement>(FOCUSABLE));
    const first = items[0];
    const last = items[items.length - 1];
    if (!first || !last) return;
    const active = document.activeElement;
    if (event.shiftKey && (active === first || !panel.contains(active))) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && (active === last || !panel.contains(active))) {
      event.preventDefault();
      first.focus();
    }
  });
  const focusFirst = useEffectEvent(() => {
    const target = initialFocus?.current ?? panelRef.current?.querySelector<HTMLElement>('input, select, textarea') ?? panelRef.current;
    target?.focus();
  });

  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    focusFirst();
    const listener = (event: KeyboardEvent) => {
      onKeyDown(event);
    };
    document.addEventListener('keydown', listener);
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    return () => {
      document.removeEventListener('keydown', listener);
      document.body.style.overflow = overflow;
      opener?.focus();
    };
  }, []);

  return createPortal(
    <div className="fixed inset-0 z-50 flex items-end justify-center sm:items-center">
      <button type="button" tabIndex={-1} aria-hidden="true" className="absolute inset-0 bg-black/70" onClick={close} />
      <div
        ref={panelRef}
        role={role}
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
        tabIndex={-1}
        className="sheet-in relative flex max-h-[90dvh] w-full max-w-[480px] flex-col overflow-y-auto rounded-t-3xl bg-surface px-5 pt-4 pb-[calc(1.5rem+env(safe-area-inset-bottom))] shadow-2xl outline-none sm:rounded-3xl"
      >
        <div className="flex items-start justify-between gap-3">
          <h2 id={titleId} className="pt-2 text-lg font-semibold text-fg">
            {title}
          </h2>
          <IconButton label={t('app.close')} onClick={close} disabled={busy} className="-mr-2 shrink-0">
            <CloseIcon className="size-5" />
          </IconButton>
        </div>
        {description ? (
          <div id={descriptionId} className="mt-2 flex flex-col gap-2 text-sm leading-relaxed text-fg-muted">
            {description}
          </div>
        ) : null}
        {children ? <div className="mt-5">{children}</div> : null}
      </div>
    </div>,
    document.body,
  );
}
