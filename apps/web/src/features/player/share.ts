import { copyText } from '../../shared/format/clipboard';
import { i18n } from '../../shared/i18n/i18n';

export type ShareOutcome = 'shared' | 'cancelled' | 'copied' | 'failed';

/**
 * Shares a link with the system share sheet where there is one (phones), else copies it (with the
 * "Copy Success · the link is ready to paste" / "Copy fail" toast). A share sheet closed by the viewer
 * is not a failure.
 */
export async function shareLink(data: { url: string; title: string; text?: string }): Promise<ShareOutcome> {
  const nav = navigator as Navigator & {
    share?: (data: ShareData) => Promise<void>;
    canShare?: (data: ShareData) => boolean;
  };
  const payload: ShareData = { url: data.url, title: data.title, ...(data.text ? { text: data.text } : {}) };
  if (typeof nav.share === 'function' && (typeof nav.canShare !== 'function' || nav.canShare(payload))) {
    try {
      await nav.share(payload);
      return 'shared';
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return 'cancelled';
      // Refused (no user activation, a policy): copying still gets the link out.
    }
  }
  return (await copyText(data.url, i18n.t('player.linkCopied'))) ? 'copied' : 'failed';
}
