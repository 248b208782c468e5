import { useId, useRef, useState, type ReactElement, type ReactNode } from 'react';
import { FocusTrap } from 'focus-trap-react';
import { Button, type ButtonVariant } from './ui';
import { FormMessage, TextArea, formErrors } from './form-fields';
import { useUnsavedChanges } from './unsaved-changes';

/**
 * Focus stays inside the topmost open dialog: Tab and Shift+Tab wrap around, Escape closes only that
 * dialog (a dialog opened over another pauses the one below), and closing returns focus to the
 * element that opened it. jsdom lays nothing out, so there every element counts as shown.
 */
const TABBABLE = { displayCheck: import.meta.env.MODE === 'test' ? 'none' : 'full' } as const;

/** The trap of a modal panel: `onEscape` runs for the topmost one only. */
export function ModalFocus({
  children,
  onEscape,
  initialFocus,
}: {
  children: ReactElement;
  onEscape: () => void;
  initialFocus?: () => HTMLElement | null;
}) {
  // The latest handler, read when the key comes: the trap is created once, when the panel opens.
  const escape = useRef(onEscape);
  escape.current = onEscape;
  return (
    <FocusTrap
      focusTrapOptions={{
        escapeDeactivates: () => {
          escape.current();
          // The panel's owner unmounts it; unmounting ends the trap and returns focus to the opener.
          return false;
        },
        initialFocus: () => initialFocus?.() ?? undefined,
        allowOutsideClick: true,
        tabbableOptions: TABBABLE,
      }}
    >
      {children}
    </FocusTrap>
  );
}

/** A modal panel over the page; Escape or the close button dismiss it. */
export function Dialog({
  title,
  onClose,
  children,
  footer,
  wide,
}: {
  title: string;
  onClose: () => void;
  children: ReactNode;
  footer?: ReactNode;
  wide?: boolean;
}) {
  const titleId = useId();
  const panel = useRef<HTMLDivElement>(null);
  return (
    <ModalFocus
      onEscape={onClose}
      // A field the content asks to focus (autoFocus) wins; otherwise the panel itself, so the first
      // Tab lands on its first control and a screen reader starts at the title.
      initialFocus={() => {
        const root = panel.current;
        const active = document.activeElement;
        return root && active instanceof HTMLElement && root.contains(active) ? active : root;
      }}
    >
      <div className="fixed inset-0 z-40 flex items-start justify-center overflow-y-auto bg-zinc-900/40 p-10">
        <div
          ref={panel}
          role="dialog"
          aria-modal="true"
          aria-labelledby={titleId}
          tabIndex={-1}
          className={`w-full ${wide ? 'max-w-3xl' : 'max-w-lg'} rounded-2xl bg-white shadow-xl ring-1 ring-zinc-200 outline-none`}
        >
          <div className="flex items-center justify-between border-b border-zinc-200 px-6 py-4">
            <h2 id={titleId} className="text-lg font-semibold">
              {title}
            </h2>
            <button
              type="button"
              aria-label="Close"
              className="rounded-md px-2 text-xl text-zinc-500 hover:bg-zinc-100"
              onClick={onClose}
            >
              ×
            </button>
          </div>
          <div className="px-6 py-5">{children}</div>
          {footer ? <div className="flex justify-end gap-2 border-t border-zinc-200 px-6 py-4">{footer}</div> : null}
        </div>
      </div>
    </ModalFocus>
  );
}

/**
 * A confirmation that asks why (disable, refund, operator access): what happens, a reason for the
 * audit log, and one submit. The form keeps what was typed while the request runs or fails.
 */
export function ReasonDialog({
  title,
  intro,
  submitLabel,
  variant,
  pending,
  error,
  reasonLabel = 'Reason',
  hint,
  autoFocus,
  onSubmit,
  onClose,
}: {
  title: string;
  intro: ReactNode;
  submitLabel: string;
  variant: ButtonVariant;
  pending: boolean;
  error: unknown;
  reasonLabel?: string;
  hint?: string;
  autoFocus?: boolean;
  onSubmit: (reason: string) => void;
  onClose: () => void;
}) {
  const formId = useId();
  const [reason, setReason] = useState('');
  useUnsavedChanges(reason.trim() !== '');
  const { fields } = formErrors(error);
  return (
    <Dialog
      title={title}
      onClose={onClose}
      footer={
        <>
          <Button onClick={onClose}>Cancel</Button>
          <Button variant={variant} type="submit" form={formId} disabled={pending}>
            {submitLabel}
          </Button>
        </>
      }
    >
      <form
        id={formId}
        className="flex flex-col gap-4"
        onSubmit={(e) => {
          e.preventDefault();
          onSubmit(reason);
        }}
      >
        <FormMessage error={error} />
        <p className="text-sm text-zinc-700">{intro}</p>
        <TextArea
          label={reasonLabel}
          value={reason}
          maxLength={500}
          onChange={(e) => {
            setReason(e.target.value);
          }}
          error={fields.reason}
          hint={hint}
          autoFocus={autoFocus}
        />
      </form>
    </Dialog>
  );
}
