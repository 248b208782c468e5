import { useEffect, useEffectEvent, useId, useRef, type ReactNode, type RefObject } from 'react';
import { useTranslation } from '../i18n/use-translation';
import { IconButton } from './button';
import { CloseIcon } from './icons/close';
import { wrapTab } from './tab-stops';

const VARIANTS = {
  // Rises from the bottom on phones, centred on wider screens; the whole panel scrolls.
  dialog: {
    box: 'max-h-[90dvh] sm:mb-auto sm:rounded-3xl',
    panel: 'px-5 pt-4 pb-[calc(1.5rem+env(safe-area-inset-bottom))]',
    head: '',
    body: 'mt-5',
  },
  // A bottom sheet on every screen, for lists: the title stays put while the list scrolls.
  sheet: {
    box: '',
    panel: 'flex max-h-[75dvh] flex-col pb-[env(safe-area-inset-bottom)]',
    head: 'px-5 pt-4 pb-2',
    body: 'min-h-40 overflow-y-auto px-5 pt-1 pb-6',
  },
};

interface DialogProps {
  title: string;
  /** Read with the title when the dialog opens. */
  description?: ReactNode;
  onClose: () => void;
  children?: ReactNode;
  /** `alertdialog` for confirmations of something that cannot be undone. */
  role?: 'dialog' | 'alertdialog';
  variant?: keyof typeof VARIANTS;
  /** The element to focus first; the first form field otherwise, else the close button. */
  initialFocus?: RefObject<HTMLElement | null>;
  /** While true, Escape and the backdrop do not close (an action is running). */
  busy?: boolean;
  /** A name for tests to find the dialog by. */
  testId?: string;
}

/**
 * A modal dialog on the native `<dialog>` (`showModal()`): the browser puts it above everything and makes
 * the page behind inert; Tab goes round inside it (`wrapTab`). Escape (the `cancel` event) or a tap on the
 * backdrop closes it, focus returns to the opener, and the page behind does not scroll.
 */
export function Dialog(props: DialogProps) {
  const { title, description, onClose, children, role, variant = 'dialog', initialFocus, busy = false, testId } = props;
  const { t } = useTranslation();
  const titleId = useId();
  const descriptionId = useId();
  const ref = useRef<HTMLDialogElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const pressedBackdrop = useRef(false);
  const look = VARIANTS[variant];

  const close = () => {
    if (!busy) onClose();
  };
  const focusFirst = useEffectEvent(() => {
    const field = ref.current?.querySelector<HTMLElement>('input, select, textarea');
    (initialFocus?.current ?? field ?? closeRef.current)?.focus();
  });

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    dialog.showModal();
    focusFirst();
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    return () => {
      dialog.close();
      document.body.style.overflow = overflow;
      opener?.focus();
    };
  }, []);

  return (
    <dialog
      ref={ref}
      role={role === 'alertdialog' ? role : undefined}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      data-testid={testId}
      className={`sheet-in mx-auto mt-auto w-full max-w-[480px] rounded-t-3xl bg-surface text-fg shadow-2xl ${look.box}`}
      onKeyDown={(event) => {
        // A dialog opened from inside this one keeps Tab to itself.
        if (event.target instanceof Element && event.target.closest('dialog') === event.currentTarget)
          wrapTab(event, event.currentTarget);
      }}
      onCancel={(event) => {
        // React hands a dialog opened from inside this one its Escape too: that one closes, not this.
        if (event.target !== event.currentTarget) return;
        event.preventDefault();
        close();
      }}
      onClose={() => {
        // Closed by the browser itself (it may, after a refused Escape): kept open while an action runs.
        const dialog = ref.current;
        if (!dialog || dialog.open) return;
        if (busy) dialog.showModal();
        else onClose();
      }}
      // The panel fills the element, so a press on the element itself is one on the backdrop.
      onPointerDown={(event) => {
        pressedBackdrop.current = event.target === event.currentTarget;
      }}
      onClick={(event) => {
        if (event.target === event.currentTarget && pressedBackdrop.current) close();
      }}
    >
      <div className={look.panel}>
        <div className={look.head}>
          <div className="flex items-start justify-between gap-3">
            <h2 id={titleId} className="pt-2 text-lg font-semibold text-fg">
              {title}
            </h2>
            <IconButton
              ref={closeRef}
              label={t('app.close')}
              onClick={close}
              disabled={busy}
              className="-mr-2 shrink-0 disabled:cursor-not-allowed disabled:opacity-50"
            >
              <CloseIcon className="size-5" />
            </IconButton>
          </div>
          {description ? (
            <div id={descriptionId} className="mt-2 flex flex-col gap-2 text-sm leading-relaxed text-fg-muted">
              {description}
            </div>
          ) : null}
        </div>
        {children ? <div className={look.body}>{children}</div> : null}
      </div>
    </dialog>
  );
}
