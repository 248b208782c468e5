import { fireEvent, render, screen } from '@testing-library/react';
import { useRef, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Dialog } from './dialog';

function Harness({ busy = false, onClose = vi.fn(), withField = false, focusCancel = false }) {
  const [open, setOpen] = useState(false);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const close = () => {
    onClose();
    setOpen(false);
  };
  return (
    <>
      <button
        type="button"
        onClick={() => {
          setOpen(true);
        }}
      >
        Open
      </button>
      {open ? (
        <Dialog
          role="alertdialog"
          title="Delete it?"
          description={<p>It cannot be undone.</p>}
          busy={busy}
          initialFocus={focusCancel ? cancelRef : undefined}
          onClose={close}
        >
          {withField ? <input aria-label="Password" /> : null}
          <button ref={cancelRef} type="button" onClick={close}>
            Cancel
          </button>
        </Dialog>
      ) : null}
    </>
  );
}

function open() {
  const opener = screen.getByRole('button', { name: 'Open' });
  opener.focus();
  fireEvent.click(opener);
  return { opener, dialog: screen.getByRole('alertdialog', { name: 'Delete it?' }) };
}

describe('Dialog', () => {
  it('opens as a modal <dialog>, named by its title and described by its description', () => {
    render(<Harness />);
    const { dialog } = open();
    expect(dialog.tagName).toBe('DIALOG');
    expect(dialog.hasAttribute('open')).toBe(true);
    expect(screen.getByRole('alertdialog', { description: 'It cannot be undone.' })).toBe(dialog);
  });

  it('closes on Escape and gives focus back to the opener', () => {
    const onClose = vi.fn();
    render(<Harness onClose={onClose} />);
    const { opener } = open();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Close' }));
    fireEvent.keyDown(document.activeElement ?? document, { key: 'Escape' });
    expect(onClose).toHaveBeenCalledOnce();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('closes on a press on the backdrop, not on one inside the panel', () => {
    const onClose = vi.fn();
    render(<Harness onClose={onClose} />);
    const { dialog } = open();
    const title = screen.getByRole('heading', { name: 'Delete it?' });
    fireEvent.pointerDown(title);
    fireEvent.click(title);
    // A press that started inside and ended on the backdrop (selecting text) does not close either.
    fireEvent.pointerDown(title);
    fireEvent.click(dialog);
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.pointerDown(dialog);
    fireEvent.click(dialog);
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('stays open while busy: Escape, the backdrop and the close button do nothing', () => {
    const onClose = vi.fn();
    render(<Harness busy onClose={onClose} />);
    const { dialog } = open();
    fireEvent.keyDown(dialog, { key: 'Escape' });
    fireEvent.pointerDown(dialog);
    fireEvent.click(dialog);
    const closeButton = screen.getByRole<HTMLButtonElement>('button', { name: 'Close' });
    expect(closeButton.disabled).toBe(true);
    fireEvent.click(closeButton);
    expect(onClose).not.toHaveBeenCalled();
    expect(dialog.hasAttribute('open')).toBe(true);
  });

  it('reopens itself when the browser closes it during an action', async () => {
    const onClose = vi.fn();
    render(<Harness busy onClose={onClose} />);
    const { dialog } = open();
    (dialog as HTMLDialogElement).close();
    await Promise.resolve();
    expect(dialog.hasAttribute('open')).toBe(true);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('focuses the first form field, or the element it is given', () => {
    const { unmount } = render(<Harness withField />);
    open();
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Password' }));
    unmount();
    render(<Harness focusCancel />);
    open();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Cancel' }));
  });

  it('keeps Tab inside: from the last stop to the first, and Shift+Tab from the first to the last', () => {
    render(<Harness withField />);
    const { dialog } = open();
    const close = screen.getByRole('button', { name: 'Close' });
    const cancel = screen.getByRole('button', { name: 'Cancel' });
    cancel.focus();
    expect(fireEvent.keyDown(cancel, { key: 'Tab' })).toBe(false);
    expect(document.activeElement).toBe(close);
    expect(fireEvent.keyDown(close, { key: 'Tab', shiftKey: true })).toBe(false);
    expect(document.activeElement).toBe(cancel);
    // Between the two ends the browser moves focus as usual.
    const field = screen.getByRole('textbox', { name: 'Password' });
    field.focus();
    expect(fireEvent.keyDown(field, { key: 'Tab' })).toBe(true);
    expect(document.activeElement).toBe(field);
    expect(dialog.contains(document.activeElement)).toBe(true);
  });

  it('closes only the dialog opened from inside it on Escape, then itself on the next', () => {
    const onClose = vi.fn();
    function Nested() {
      const [inner, setInner] = useState(false);
      return (
        <Dialog title="Outer" onClose={onClose}>
          <button
            type="button"
            onClick={() => {
              setInner(true);
            }}
          >
            More
          </button>
          {inner ? (
            <Dialog
              title="Inner"
              onClose={() => {
                setInner(false);
              }}
            />
          ) : null}
        </Dialog>
      );
    }
    render(<Nested />);
    const more = screen.getByRole('button', { name: 'More' });
    more.focus();
    fireEvent.click(more);
    const inner = screen.getByRole('dialog', { name: 'Inner' });
    fireEvent.keyDown(inner, { key: 'Escape' });
    expect(screen.queryByRole('dialog', { name: 'Inner' })).toBeNull();
    expect(onClose).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(more);
    fireEvent.keyDown(more, { key: 'Escape' });
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('keeps the page behind from scrolling while open', () => {
    render(<Harness />);
    open();
    expect(document.body.style.overflow).toBe('hidden');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(document.body.style.overflow).toBe('');
  });
});
