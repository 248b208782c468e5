import { useState } from 'react';
import { Link } from 'react-router';
import { type OrderFilter, useOrders, usePlans } from '../../features/commerce';
import { dateTime, money } from '../../shared/format';
import { Button, EmptyState, ErrorState, Loading, PageHeader, Pager } from '../../shared/ui';
import { SelectInput, TextInput, formErrors } from '../../shared/form-fields';
import { CommerceTabs } from './commerce-tabs';
import { OrderStatus, SourceBadge } from './order-badges';

const STATUSES = ['paid', 'refunded', 'pending', 'processing', 'requires_action', 'failed', 'cancelled'];
const EMPTY: OrderFilter = { page: 1, q: '', status: '', planId: '', from: '', to: '' };

/** Orders and payments, searchable by id, provider reference, email, status, plan and date. */
export function OrdersPage() {
  const [filter, setFilter] = useState<OrderFilter>(EMPTY);
  const [draft, setDraft] = useState<OrderFilter>(EMPTY);
  const orders = useOrders(filter);
  const plans = usePlans();
  const { fields } = formErrors(orders.error);
  const set = (key: keyof OrderFilter) => (e: { target: { value: string } }) => {
    setDraft({ ...draft, [key]: e.target.value });
  };
  return (
    <section>
      <PageHeader title="Commerce" description="Orders and payments, refunds, plans and coin packs." />
      <CommerceTabs />
      <form
        className="mb-4 grid grid-cols-[minmax(0,2fr)_repeat(4,minmax(0,1fr))_auto] items-end gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          setFilter({ ...draft, page: 1 });
        }}
      >
        <TextInput
          label="Search"
          placeholder="Order id, provider reference or email"
          value={draft.q}
          onChange={set('q')}
        />
        <SelectInput
          label="Status"
          value={draft.status}
          onChange={set('status')}
          options={[{ value: '', label: 'Any' }, ...STATUSES.map((s) => ({ value: s, label: s.replace('_', ' ') }))]}
        />
        <SelectInput
          label="Plan"
          value={draft.planId}
          onChange={set('planId')}
          options={[
            { value: '', label: 'Any' },
            ...(plans.data ?? []).map((p) => ({ value: p.id, label: p.texts.en?.name ?? p.id })),
          ]}
        />
        <TextInput label="From" type="date" value={draft.from} onChange={set('from')} error={fields.from} />
        <TextInput label="To" type="date" value={draft.to} onChange={set('to')} error={fields.to} />
        <div className="flex gap-2">
          <Button type="submit" variant="primary">
            Search
          </Button>
          <Button
            onClick={() => {
              setDraft(EMPTY);
              setFilter(EMPTY);
            }}
          >
            Clear
          </Button>
        </div>
      </form>
      {orders.isPending ? (
        <Loading />
      ) : orders.isError ? (
        Object.keys(fields).length ? null : (
          <ErrorState error={orders.error} retry={() => void orders.refetch()} />
        )
      ) : orders.data.items.length === 0 ? (
        <EmptyState>No orders match.</EmptyState>
      ) : (
        <>
          <div className="overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-zinc-200">
            <table className="w-full text-sm">
              <thead className="bg-zinc-50 text-left text-xs text-zinc-500 uppercase">
                <tr>
                  <th className="px-4 py-2 font-medium">Opened</th>
                  <th className="px-4 py-2 font-medium">Buyer</th>
                  <th className="px-4 py-2 font-medium">Plan</th>
                  <th className="px-4 py-2 text-right font-medium">Amount</th>
                  <th className="px-4 py-2 font-medium">Status</th>
                  <th className="px-4 py-2 font-medium">Source</th>
                  <th className="px-4 py-2 font-medium">Payment</th>
                  <th className="px-4 py-2" />
                </tr>
              </thead>
              <tbody>
                {orders.data.items.map((o) => (
                  <tr key={o.id} className="border-t border-zinc-100 hover:bg-zinc-50">
                    <td className="px-4 py-2 whitespace-nowrap text-zinc-600">{dateTime(o.createdAt)}</td>
                    <td className="px-4 py-2">
                      <Link to={`/users/${o.user.id}`} className="font-medium hover:text-orange-700">
                        {o.user.email ?? 'Guest'}
                      </Link>
                    </td>
                    <td className="px-4 py-2">
                      {o.planName}
                      {o.purpose === 'renewal' ? <span className="ml-1 text-xs text-zinc-500">(renewal)</span> : null}
                    </td>
                    <td className="px-4 py-2 text-right tabular-nums">{money(o.amount, o.currency)}</td>
                    <td className="px-4 py-2">
                      <OrderStatus status={o.status} refundedAmount={o.refundedAmount} />
                    </td>
                    <td className="px-4 py-2">
                      <SourceBadge attribution={o.attribution} />
                    </td>
                    <td className="px-4 py-2 text-zinc-600">{o.card ?? o.provider ?? '—'}</td>
                    <td className="px-4 py-2 text-right">
                      <Link to={`/commerce/orders/${o.id}`} className="font-medium text-orange-700 hover:underline">
                        Open
                      </Link>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pager
            page={orders.data.page}
            pageSize={orders.data.pageSize}
            total={orders.data.total}
            hasMore={orders.data.hasMore}
            onPage={(page) => {
              setFilter({ ...filter, page });
            }}
          />
        </>
      )}
    </section>
  );
}
