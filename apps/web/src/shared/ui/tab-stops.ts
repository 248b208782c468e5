const FOCUSABLE = 'a[href], button, input, select, textarea, summary, iframe, [tabindex], [contenteditable="true"]';

/**
 * The elements inside `root` that Tab stops at, in document order: enabled, not taken out of the tab
 * order, not inert or hidden, and of a group of radio buttons only the one Tab lands on (the checked
 * one, else the first).
 */
export function tabStops(root: HTMLElement): HTMLElement[] {
  const radios = Array.from(root.querySelectorAll<HTMLInputElement>('input[type="radio"]'));
  return Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE)).filter((element) => {
    if (element.tabIndex < 0 || element.matches(':disabled') || element.closest('[inert]')) return false;
    if (element instanceof HTMLInputElement && element.type === 'radio' && element.name) {
      const group = radios.filter((radio) => radio.name === element.name);
      if (element !== (group.find((radio) => radio.checked) ?? group[0])) return false;
    }
    // Not in jsdom: there every element counts as shown.
    return typeof element.checkVisibility === 'function' ? element.checkVisibility({ visibilityProperty: true }) : true;
  });
}

/**
 * Keeps Tab inside `container`: from its last stop Tab goes to the first, and Shift+Tab from the first
 * to the last. A modal `<dialog>` makes the page behind inert, but browsers still let Tab leave it for
 * their own toolbar. Returns whether it moved focus (the key's default is then prevented).
 */
export function wrapTab(
  event: Pick<KeyboardEvent, 'key' | 'shiftKey' | 'altKey' | 'ctrlKey' | 'metaKey' | 'preventDefault'>,
  container: HTMLElement,
): boolean {
  if (event.key !== 'Tab' || event.altKey || event.ctrlKey || event.metaKey) return false;
  const stops = tabStops(container);
  const first = stops[0];
  const last = stops.at(-1);
  if (!first || !last) return false;
  const active = document.activeElement;
  const atEdge = event.shiftKey ? active === first || active === container : active === last;
  if (!atEdge) return false;
  event.preventDefault();
  (event.shiftKey ? last : first).focus();
  return true;
}
