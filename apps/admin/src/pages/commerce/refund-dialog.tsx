import { useEffect, useId, useState } from 'react';
import type { AdminOrder, AdminRefundPreview, AdminSpentUnlock } from '@episodic/contract';
import { useCommerceMutations, useRefreshOrder, useRefundPreview } from '../../features/commerce';
import { isApiError } from '../../shared/api';
import { Dialog } from '../../shared/dialogs';
import { Checkbox, FormMessage, TextArea, TextInput, formErrors } from '../../shared/form-fields';
import { count, dateTime, longDate, money, requestId } from '../../shared/format';
import { Badge, Button, Loading } from '../../shared/ui';

/** "3.50" → 350 minor units; null when it is not an amount of money. */
export function minorUnits(text: string): number | null {
  const value = text.trim().replace(/^\$/, '');
  if (!/^\d+(\.\d{1,2})?$/.test(value)) return null;
  return Math.round(Number(value) * 100);
}

const major = (minor: number) => (minor / 100).toFixed(2);

/** The amount typed, settled for a moment before the preview is asked again. */
function useSettled<T>(value: T, ms = 300): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => {
      setSettled(value);
    }, ms);
    return () => {
      clearTimeout(timer);
    };
  }, [value, ms]);
  return settled;
}

function SpentOn({ item }: { item: AdminSpentUnlock }) {
  const what = item.episodeNumber === null ? 'whole series' : `episode ${item.episodeNumber}`;
  return (
    <li className="flex items-center justify-between gap-3 py-1.5">
      <span>
        <span className="font-medium">{item.seriesTitle}</span> — {what}
        <span className="text-zinc-500"> · {dateTime(item.at)}</span>
      </span>
      <span className="flex items-center gap-2 whitespace-nowrap">
        {item.held ? null : <Badge tone="gray">taken away</Badge>}
        {count(item.coins)} coins
      </span>
    </li>
  );
}

/**
 * Where the preview of the amount typed stands: read (`fresh`), being read (`working`), or not to be
 * read because the amount is refused (`invalid`: the amount field says why).
 */
type PreviewState = 'fresh' | 'working' | 'invalid';

function CoinsPanel({
  coins,
  share,
  state,
}: {
  coins: NonNullable<AdminRefundPreview['coins']>;
  share: number;
  state: PreviewState;
}) {
  return (
    <section aria-label="Coins" className="rounded-xl bg-zinc-50 p-4 text-sm text-zinc-800">
      <h3 className="mb-2 font-semibold">Coins</h3>
      <dl className="grid grid-cols-3 gap-3">
        <div>
          <dt className="text-xs text-zinc-500">Given by this order</dt>
          <dd className="text-lg font-semibold">
            {count(coins.granted + coins.rewardGranted)}
            {coins.rewardGranted ? (
              <span className="text-xs font-normal text-zinc-500"> (incl. {count(coins.rewardGranted)} bonus)</span>
            ) : null}
          </dd>
        </div>
        <div>
          <dt className="text-xs text-zinc-500">Still in the balance</dt>
          <dd className="text-lg font-semibold">{count(coins.left)}</dd>
        </div>
        <div>
          <dt className="text-xs text-zinc-500">Already spent</dt>
          <dd className="text-lg font-semibold">{count(coins.spent)}</dd>
        </div>
      </dl>
      {coins.takenBack ? (
        <p className="mt-2 text-xs text-zinc-500">Earlier refunds took back {count(coins.takenBack)} coins.</p>
      ) : null}
      {coins.spentOn.length ? (
        <>
          <p className="mt-3 text-xs text-zinc-500">
            Spent on (unlocks paid with coins after this order, oldest first):
          </p>
          <ul className="divide-y divide-zinc-200">
            {coins.spentOn.map((item) => (
              <SpentOn key={`${item.at}-${item.episodeIds.join('.')}`} item={item} />
            ))}
          </ul>
        </>
      ) : null}
      <p className="mt-3 font-medium" aria-live="polite">
        {state === 'fresh' ? (
          <>
            This refund takes back {count(coins.toTakeBack)} coins
            {coins.toTakeBackShort ? `; ${count(coins.toTakeBackShort)} more were already spent and stay spent` : ''}.
          </>
        ) : state === 'working' ? (
          'Working out what this amount takes back…'
        ) : null}
      </p>
      <p className="text-xs text-zinc-500">
        Coins are taken back in proportion to the amount{state === 'invalid' ? '' : ` (${share}% of the order)`}, never
        below a zero balance.
      </p>
    </section>
  );
}

function MembershipPanel({ membership }: { membership: NonNullable<AdminRefundPreview['membership']> }) {
  return (
    <section aria-label="Membership" className="rounded-xl bg-zinc-50 p-4 text-sm text-zinc-800">
      <h3 className="mb-2 font-semibold">Membership</h3>
      <p>
        {membership.active
          ? `Active until ${longDate(membership.endsAt)}${membership.autoRenew ? ', renews automatically' : ', does not renew'}.`
          : 'Not active.'}
      </p>
      <p className="mt-1 font-medium">
        {!membership.endsAfterRefund
          ? 'A partial refund leaves the membership as it is. Only refunding all that is left takes the time back.'
          : new Date(membership.endsAfterRefund).getTime() <= Date.now() + 60_000
            ? `Refunding all that is left takes back the time this order bought: access ends ${dateTime(membership.endsAfterRefund)}, and it will not renew.`
            : `Refunding all that is left takes back the time this order bought: the paid time then ends ${dateTime(membership.endsAfterRefund)}.`}
      </p>
    </section>
  );
}

/**
 * The refund dialog, as payment dashboards have it: the amount (all that is left, or less), what the
 * buyer keeps and loses — coins left and spent and on what, or membership time — read from the
 * server before anything is confirmed, and the choice to take away the unlocks paid with the coins.
 *
 * What is left to refund is the server's figure, read when the dialog opens (the page may be older
 * than a refund made in another tab) and again when the server refuses the refund; the page's order
 * is read again with it.
 */
export function RefundDialog({ order, onClose }: { order: AdminOrder; onClose: () => void }) {
  const formId = useId();
  const { refund } = useCommerceMutations();
  const refresh = useRefreshOrder(order.id);
  // One id per refund asked: the same after a lost answer or a refusal (a failed refund is tried again
  // under it); a new one once the server says the id went with another amount (a failed refund of
  // what was left then, and less is left now).
  const [request, setRequest] = useState(requestId);
  // The preview of all that is left: its `refundable` is the one "left to refund" the dialog shows.
  const whole = useRefundPreview(order.id, undefined);
  const current = whole.isFetchedAfterMount ? whole.data : undefined;
  const left = current?.refundable ?? 0;
  // Untouched, the amount is all that is left (and follows the server's figure when it is read again).
  const [typedText, setAmountText] = useState<string | null>(null);
  const amountText = typedText ?? (current ? major(left) : '');
  const [reason, setReason] = useState('');
  const [revoke, setRevoke] = useState(false);
  useEffect(() => {
    void refresh();
  }, [refresh]);

  const typed = minorUnits(amountText);
  const valid = current !== undefined && typed !== null && typed >= 1 && typed <= left;
  const settled = useSettled(valid ? typed : null);
  // An amount the server would refuse is not asked about: the field says why instead.
  const preview = useRefundPreview(
    order.id,
    settled === left ? undefined : (settled ?? undefined),
    valid && settled !== null,
  );
  const { fields } = formErrors(refund.error ?? preview.error);
  // The server refused the amount though it was within what the dialog read: that changed meanwhile.
  const previewRefused = isApiError(preview.error) && preview.error.fields?.amount !== undefined;
  const { refetch: readLeftAgain } = whole;
  useEffect(() => {
    if (previewRefused) void readLeftAgain();
  }, [previewRefused, readLeftAgain]);
  const amountError = !current
    ? undefined
    : left === 0
      ? 'Nothing is left to refund on this order.'
      : typed === null
        ? 'Enter an amount such as 4.99.'
        : typed < 1
          ? 'Enter an amount of at least 0.01.'
          : typed > left
            ? `At most ${money(left, order.currency)} is left to refund.`
            : fields.amount;
  // The numbers shown are the ones confirmed: the button waits for the preview of the amount typed.
  const fresh = valid && preview.data?.amount === typed && !preview.isFetching && !preview.isError;
  const state: PreviewState = !valid || preview.isError ? 'invalid' : fresh ? 'fresh' : 'working';
  const data = (valid ? preview.data : undefined) ?? current;
  const held = data?.coins?.spentOn.filter((s) => s.held) ?? [];
  const heldEpisodes = held.reduce((n, s) => n + s.episodeIds.length, 0);
  const label = typed !== null ? money(typed, order.currency) : '';
  const share = typed !== null ? Math.round((typed / order.amount) * 100) : 0;
  return (
    <Dialog
      title="Refund payment"
      wide
      onClose={onClose}
      footer={
        <>
          <Button onClick={onClose}>Cancel</Button>
          <Button variant="danger" type="submit" form={formId} disabled={refund.isPending || !fresh || typed === null}>
            {refund.isPending ? 'Refunding…' : `Refund ${label}`}
          </Button>
        </>
      }
    >
      <form
        id={formId}
        className="flex flex-col gap-4"
        onSubmit={(e) => {
          e.preventDefault();
          if (typed === null || !fresh) return;
          refund.mutate(
            { id: order.id, reason, amount: typed, revokeUnlocks: revoke && heldEpisodes > 0, requestId: request },
            {
              onSuccess: onClose,
              // Refused because the order changed meanwhile (refunded elsewhere, or a refund under way):
              // read what is left again, so the dialog shows the server's figure.
              onError: (error) => {
                if (isApiError(error) && (error.code === 409 || error.fields?.amount)) void refresh();
                if (isApiError(error) && error.reason === 'already_used') setRequest(requestId());
              },
            },
          );
        }}
      >
        <FormMessage error={refund.error} />
        {!current ? (
          whole.isError ? (
            <FormMessage error={whole.error} />
          ) : (
            <Loading label="Reading what is left to refund…" />
          )
        ) : (
          <>
            <p className="text-sm text-zinc-700">
              Paid {money(order.amount, order.currency)}
              {current.refunded ? ` · already refunded ${money(current.refunded, order.currency)}` : ''}
              {current.inFlight ? ` · ${money(current.inFlight, order.currency)} being refunded now` : ''} ·{' '}
              <strong>{money(left, order.currency)} left to refund</strong>. The money goes back through{' '}
              {order.provider ?? 'the provider'} to {order.card ?? 'the buyer'}; the bank may take 5–10 days to show it.
            </p>
            <TextInput
              label="Amount to refund"
              inputMode="decimal"
              value={amountText}
              suffix={order.currency}
              onChange={(e) => {
                setAmountText(e.target.value);
              }}
              error={amountError}
              hint={`Up to ${money(left, order.currency)}. Refunds can be made in parts, never more than was paid.`}
              className="max-w-xs"
            />
            {data?.coins ? <CoinsPanel coins={data.coins} share={share} state={state} /> : null}
            {data?.membership ? <MembershipPanel membership={data.membership} /> : null}
            {heldEpisodes > 0 ? (
              <Checkbox
                checked={revoke}
                onChange={setRevoke}
                label={`Also take away the ${heldEpisodes} unlocked episode${heldEpisodes === 1 ? '' : 's'} paid with this order’s spent coins (the viewer loses them; no coins come back)`}
              />
            ) : null}
          </>
        )}
        <TextArea
          label="Reason"
          value={reason}
          maxLength={500}
          onChange={(e) => {
            setReason(e.target.value);
          }}
          error={fields.reason}
          hint="Kept in the audit log with what was refunded and taken back."
        />
      </form>
    </Dialog>
  );
}
