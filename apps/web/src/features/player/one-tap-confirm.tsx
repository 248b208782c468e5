import { useRef } from 'react';
import { countOf } from '../../shared/format/count';
import { formatPrice } from '../../shared/format/price';
import { Trans } from '../../shared/i18n/trans';
import { useLanguage } from '../../shared/i18n/use-language';
import { useTranslation } from '../../shared/i18n/use-translation';
import { Link } from '../../shared/links/link';
import { Button } from '../../shared/ui/button';
import { Dialog } from '../../shared/ui/dialog';
import { Spinner } from '../../shared/ui/spinner';
import { cardLabel, type OneTapState, type SavedCard } from './one-tap';

interface OneTapConfirmProps {
  state: Exclude<OneTapState, { status: 'idle' }>;
  card: SavedCard;
  /** Coins this episode costs, and the balance now. */
  cost: number;
  balance: number;
  /** Where to pay with another card: the order's checkout, or the plans page. */
  otherCardHref: (orderId: string | null) => string;
  onConfirm: () => void;
  onClose: () => void;
}

const linkClass = 'font-semibold text-fg underline underline-offset-2';

/**
 * The confirmation of a one-tap purchase, where the viewer agrees: what is bought, its price, the
 * card charged, and for a membership that it renews at that price until cancelled. Confirm sends once.
 */
export function OneTapConfirm({ state, card, cost, balance, otherCardHref, onConfirm, onClose }: OneTapConfirmProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const confirmRef = useRef<HTMLButtonElement>(null);
  const { plan } = state;
  const price = formatPrice(plan.price, plan.currency, language);
  const named = cardLabel(card);
  const settling = state.status === 'settling';
  const sending = state.status === 'sending' || settling;
  const failed = state.status === 'failed' ? state : null;
  const coins = plan.coins + plan.bonusCoins;
  const membership = plan.kind === 'membership';
  return (
    <Dialog
      title={
        membership
          ? t('player.oneTap.confirmJoinTitle', { name: plan.name, price })
          : t('player.oneTap.confirmCoinsTitle', { ...countOf(coins, language), price })
      }
      description={
        <>
          <p>
            {membership
              ? t('player.oneTap.confirmJoinBody', { price, card: named, count: plan.renewalDays ?? 0 })
              : balance + coins >= cost
                ? t('player.oneTap.confirmCoinsUnlock', { price, card: named, cost })
                : t('player.oneTap.confirmCoinsBody', { price, card: named })}
          </p>
          <p>
            <Trans
              i18nKey="player.oneTap.consent"
              components={{
                service: <Link to="/serviceAgreement" className={linkClass} />,
                refund: <Link to="/refundPolicy" className={linkClass} />,
              }}
            />
          </p>
        </>
      }
      initialFocus={confirmRef}
      busy={sending}
      onClose={onClose}
    >
      <div className="flex flex-col gap-3">
        {state.status === 'confirming' && state.notice ? (
          <p role="status" className="rounded-2xl bg-white/10 px-3 py-2 text-sm text-fg">
            {state.notice}
          </p>
        ) : null}
        {failed ? (
          <div role="alert" className="flex flex-col gap-1 rounded-2xl bg-accent/15 px-3 py-2 text-sm text-fg">
            <p>{failed.message}</p>
            {failed.unsettled && failed.orderId ? (
              <Link
                to={`/order/result?orderId=${encodeURIComponent(failed.orderId)}`}
                className="font-semibold text-accent underline underline-offset-2"
              >
                {t('player.oneTap.orderResult')}
              </Link>
            ) : !failed.retry ? (
              <Link
                to={otherCardHref(failed.orderId)}
                className="font-semibold text-accent underline underline-offset-2"
              >
                {t('player.oneTap.otherCard')}
              </Link>
            ) : null}
          </div>
        ) : null}
        {failed && !failed.retry ? (
          <Button variant="secondary" onClick={onClose}>
            {t('app.close')}
          </Button>
        ) : (
          // While it runs the button stays as it is, legible and focused (not dimmed as a disabled one):
          // its label says how the payment is going, for as long as the processor takes.
          <Button
            ref={confirmRef}
            onClick={sending ? undefined : onConfirm}
            aria-disabled={sending}
            aria-busy={sending}
          >
            {sending ? <Spinner className="size-4" /> : null}
            {settling
              ? t('player.oneTap.confirming')
              : sending
                ? t('player.oneTap.paying')
                : failed
                  ? t('player.oneTap.tryAgain', { price })
                  : t('player.oneTap.confirm', { price })}
          </Button>
        )}
      </div>
    </Dialog>
  );
}
