import { i18n } from '../i18n/i18n';
import { toast } from '../ui/toast-store';

function copyWithTextarea(text: string): void {
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.setAttribute('aria-hidden', 'true');
  // Off screen but still selectable; a display:none element cannot be selected.
  area.style.position = 'fixed';
  area.style.top = '0';
  area.style.left = '-9999px';
  area.style.opacity = '0';
  const previousFocus = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  document.body.appendChild(area);
  try {
    area.focus({ preventScroll: true });
    area.select();
    area.setSelectionRange(0, text.length);
    // The legacy command is the only way left where the Clipboard API is refused.
    const legacy = document as unknown as { execCommand?: (command: string) => boolean };
    if (typeof legacy.execCommand !== 'function' || !legacy.execCommand('copy')) {
      throw new Error('execCommand("copy") was refused');
    }
  } finally {
    area.remove();
    previousFocus?.focus({ preventScroll: true });
  }
}

/**
 * Copies text to the clipboard and says so in a toast ("Copy Success", followed by `what` when given:
 * what was copied and what to do with it). Resolves to whether it worked.
 */
export async function copyText(text: string, what?: string): Promise<boolean> {
  try {
    try {
      const { clipboard } = navigator as { clipboard?: Clipboard };
      if (!clipboard) throw new Error('Clipboard API unavailable');
      await clipboard.writeText(text);
    } catch {
      // Older browsers, insecure contexts and some in-app browsers refuse the Clipboard API.
      copyWithTextarea(text);
    }
    toast(what ? `${i18n.t('clipboard.success')} · ${what}` : i18n.t('clipboard.success'), 'success');
    return true;
  } catch (err) {
    console.error('Unable to copy text:', err);
    toast(i18n.t('clipboard.fail'), 'error');
    return false;
  }
}
