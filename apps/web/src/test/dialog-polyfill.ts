/**
 * jsdom has the `<dialog>` element but not its methods, nor the `cancel` event a browser fires when Escape
 * is pressed while a modal dialog is open. This adds what tests rely on, as the HTML standard describes
 * it: `showModal()` and `close()` set and clear `open`, `close()` fires `close` afterwards, and an Escape
 * nobody prevented fires a cancelable `cancel` at the topmost modal dialog, which closes unless cancelled.
 * What jsdom cannot show (the top layer, the inert page, focus kept inside) is left out.
 */
const modals: HTMLDialogElement[] = [];

if (typeof HTMLDialogElement !== 'undefined' && !('showModal' in HTMLDialogElement.prototype)) {
  Object.assign(HTMLDialogElement.prototype, {
    showModal(this: HTMLDialogElement) {
      if (this.open && modals.includes(this)) return;
      if (this.open || !this.isConnected) {
        throw new DOMException('The dialog cannot be shown as modal.', 'InvalidStateError');
      }
      this.setAttribute('open', '');
      modals.push(this);
    },
    show(this: HTMLDialogElement) {
      this.setAttribute('open', '');
    },
    close(this: HTMLDialogElement) {
      if (!this.open) return;
      this.removeAttribute('open');
      const index = modals.indexOf(this);
      if (index >= 0) modals.splice(index, 1);
      queueMicrotask(() => this.dispatchEvent(new Event('close')));
    },
  });

  window.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape' || event.defaultPrevented) return;
    const top = modals.findLast((dialog) => dialog.isConnected && dialog.open);
    if (top?.dispatchEvent(new Event('cancel', { cancelable: true }))) top.close();
  });
}
