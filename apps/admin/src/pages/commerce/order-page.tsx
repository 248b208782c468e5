import { useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import type { AdminOrder, AdminRefund } from '@episodic/contract';
import { useOrder } from '../../features/commerce';
import { dateTime, money } from '../../shared/format';
import { Button, Card, ErrorState, Facts, Loading, PageHeader } from '../../shared/ui';
import { RefundDialog } from './refund-dialog';
import { OrderStatus, SourceBadge } from './order-badges';

/** One refund of the order: how much, why, by whom, and what it took back. */
function RefundCard({ order, refund, title }: { order: AdminOrder; refund: AdminRefund; title: string }) {
  return (
    <Card title={title}>
      <Facts
        items={[
          ['Status', refund.status],
          ['Amount', money(refund.amount, order.currency)],
          ['Reason', refund.reason],
          ['By', refund.by ?? '—'],
          ['Asked', dateTime(refund.createdAt)],
          ['Completed', dateTime(refund.completedAt)],
          ...(order.kind === 'coins'
            ? ([
                [
                  'Coins taken back',
                  `${refund.coinsReversed}${refund.coinsShort ? ` (${refund.coinsShort} already spent)` : ''}`,
                ],
              ] as [string, string][])
            : []),
          ...(refund.rewardCoinsReversed || refund.rewardCoinsShort
            ? ([
                [
                  'First-purchase bonus taken back',
                  `${refund.rewardCoinsReversed}${refund.rewardCoinsShort ? ` (${refund.rewardCoinsShort} already spent)` : ''}`,
                ],
              ] as [string, string][])
            : []),
          ...(refund.unlocksRevoked
            ? ([['Unlocks taken away', String(refund.unlocksRevoked)]] as [string, string][])
            : []),
          ...(refund.membershipEndsAt
            ? ([['Membership now ends', dateTime(refund.membershipEndsAt)]] as [string, string][])
            : []),
          ...(refund.error ? ([['Provider said', refund.error]] as [string, string][]) : []),
        ]}
      />
    </Card>
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
  const refundable = order.status === 'paid' && order.refundedAmount < order.amount;
  return (
    <section>
      <Link to="/commerce" className="text-sm font-medium text-orange-700 hover:underline">
        ← All orders
      </Link>
      <PageHeader
        title={`${order.planName} · ${money(order.amount, order.currency)}`}
        description={
          <span className="flex items-center gap-2">
            <OrderStatus status={order.status} refundedAmount={order.refundedAmount} />{' '}
            <span className="font-mono text-xs">{order.id}</span>
          </span>
        }
        actions={
          refundable ? (
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
                <Link
                  key="buyer"
                  to={`/users/${order.user.id}`}
                  className="font-medium text-orange-700 hover:underline"
                >
                  {order.user.email ?? 'Guest account'}
                </Link>,
              ],
              // A guest gives an email for the receipt at checkout; it stays on the order, unverified.
              ...(order.buyerEmail
                ? ([
                    [
                      'Receipt email',
                      <span key="receipt">
                        <span className="break-all">{order.buyerEmail}</span>{' '}
                        <span className="text-xs whitespace-nowrap text-zinc-500">
                          (given at checkout, not verified)
                        </span>
                      </span>,
                    ],
                  ] as [string, ReactNode][])
                : []),
              ['Plan', `${order.planName} (${order.kind === 'coins' ? 'coin pack' : 'membership'}, ${order.purpose})`],
              ['Amount', money(order.amount, order.currency)],
              ...(order.refundedAmount
                ? ([['Refunded', money(order.refundedAmount, order.currency)]] as [string, string][])
                : []),
              ['Opened', dateTime(order.createdAt)],
              ['Paid', dateTime(order.paidAt)],
              ['Provider', order.provider ?? '—'],
              [
                'Provider reference',
                order.providerRef ? <span className="font-mono text-xs">{order.providerRef}</span> : '—',
              ],
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
          {order.refunds.map((refund, i) => (
            <RefundCard
              key={refund.createdAt}
              order={order}
              refund={refund}
              title={order.refunds.length > 1 ? `Refund ${i + 1} of ${order.refunds.length}` : 'Refund'}
            />
          ))}
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
