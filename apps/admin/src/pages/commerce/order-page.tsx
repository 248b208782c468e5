import { useState } from 'react';
import { Link, useParams } from 'react-router';
import type { AdminOrder } from '@episodic/contract';
import { useCommerceMutations, useOrder } from '../../features/commerce/api';
import { dateTime, money } from '../../shared/format';
import { Button, Card, Dialog, ErrorState, Facts, FormMessage, Loading, PageHeader, TextArea, formErrors } from '../../shared/ui';
import { OrderStatus, SourceBadge } from './order-badges';

function RefundDialog({ order, onClose }: { order: AdminOrder; onClose: () => void }) {
  const { refund } = useCommerceMutations();
  const [reason, setReason] = useState('');
  const { fields } = formErrors(refund.error);
  const what = order.kind === 'coins' ? 'The coins it gave are taken back (as many as are left).' : 'The membership time it bought is taken back; access ends if none is left.';
  return (
    <Dialog
      title={`Refund ${money(order.amount, order.currency)}`}
      onClose={onClose}
      footer={
        <>
          <Button onClick={onClose}>Cancel</Button>
          <Button variant="danger" type="submit" form="refund-form" disabled={refund.isPending}>
            {refund.isPending ? 'Refunding…' : `Refund ${money(order.amount, order.currency)}`}
          </Button>
        </>
      }
    >
      <form
        id="refund-form"
        className="flex flex-col gap-4"
        onSubmit={(e) => {
          e.preventDefault();
          refund.mutate({ id: order.id, reason }, { onSuccess: onClose });
        }}
      >
        <FormMessage error={refund.error} />
        <p className="text-sm text-zinc-700">
          The whole amount goes back through {order.provider ?? 'the provider'} to {order.card ?? 'the buyer'}. {what}
        </p>
        <TextArea
          label="Reason"
          value={reason}
          maxLength={500}
          onChange={(e) => {
            setReason(e.target.value);
          }}
          error={fields.reason}
          hint="Kept in the audit log."
          autoFocus
        />
      </form>
    </Dialog>
  );
}

/** One order: buyer, payment, attribution, and its refund. */
export function OrderPage() {
  const id = useParams().id ?? '';
  const query = useOrder(id);
  const [refunding, setRefunding] = useState(false);
  if (query.isPending) return <Loading />;
  if (query.isError) return <ErrorState error={query.error} retry={() => void query.refetch()} />;
  const order = query.data;
  const refund = order.refund;
  return (
    <section>
      <Link to="/commerce" className="text-sm font-medium text-orange-700 hover:underline">
        ← All orders
      </Link>
      <PageHeader
        title={`${order.planName} · ${money(order.amount, order.currency)}`}
        description={
          <span className="flex items-center gap-2">
            <OrderStatus status={order.status} /> <span className="font-mono text-xs">{order.id}</span>
          </span>
        }
        actions={
          order.status === 'paid' ? (
            <Button
              variant="danger"
              onClick={() => {
                setRefunding(true);
              }}
            >
              Refund…
            </Button>
          ) : null
        }
      />
      <div className="grid grid-cols-2 gap-6">
        <Card title="Order">
          <Facts
            items={[
              [
                'Buyer',
                <Link key="buyer" to={`/users/${order.user.id}`} className="font-medium text-orange-700 hover:underline">
                  {order.user.email ?? 'Guest account'}
                </Link>,
              ],
              ['Plan', `${order.planName} (${order.kind === 'coins' ? 'coin pack' : 'membership'}, ${order.purpose})`],
              ['Amount', money(order.amount, order.currency)],
              ['Opened', dateTime(order.createdAt)],
              ['Paid', dateTime(order.paidAt)],
              ['Provider', order.provider ?? '—'],
              ['Provider reference', order.providerRef ? <span className="font-mono text-xs">{order.providerRef}</span> : '—'],
              ['Card', order.card ?? '—'],
              ...(order.failureReason ? ([['Failure', order.failureReason]] as [string, string][]) : []),
            ]}
          />
        </Card>
        <div className="flex flex-col gap-6">
          <Card title="Attribution">
            <Facts
              items={[
                ['Source', <SourceBadge key="source" attribution={order.attribution} />],
                ['Facebook click id', order.attribution.fbclid ?? '—'],
                ['TikTok click id', order.attribution.ttclid ?? '—'],
                ['Referrer token', order.attribution.refererToken ?? '—'],
              ]}
            />
          </Card>
          {refund ? (
            <Card title="Refund">
              <Facts
                items={[
                  ['Status', refund.status],
                  ['Amount', money(refund.amount, order.currency)],
                  ['Reason', refund.reason],
                  ['By', refund.by ?? '—'],
                  ['Asked', dateTime(refund.createdAt)],
                  ['Completed', dateTime(refund.completedAt)],
                  ...(order.kind === 'coins' ? ([['Coins taken back', `${refund.coinsReversed}${refund.coinsShort ? ` (${refund.coinsShort} already spent)` : ''}`]] as [string, string][]) : []),
                  ...(refund.membershipEndsAt ? ([['Membership now ends', dateTime(refund.membershipEndsAt)]] as [string, string][]) : []),
                  ...(refund.error ? ([['Provider said', refund.error]] as [string, string][]) : []),
                ]}
              />
            </Card>
          ) : null}
        </div>
      </div>
      {refunding ? (
        <RefundDialog
          order={order}
          onClose={() => {
            setRefunding(false);
          }}
        />
      ) : null}
    </section>
  );
}
