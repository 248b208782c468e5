import { useState } from 'react';
import { Link } from 'react-router';
import { ORDER_SORTS, ORDER_STATUSES, SORT_DIRECTIONS } from '@episodic/contract/constants';
import { type OrderFilter, useOrders, usePlans } from '../../features/commerce';
import { dateTime, money } from '../../shared/format';
import { Button, EmptyState, ErrorState, Loading, PageHeader, Pager } from '../../shared/ui';
import { SelectInput, TextInput, formErrors } from '../../shared/form-fields';
import { DownloadCsv, sortHeaders } from '../../shared/table';
import { exportQuery, param, useUrlState } from '../../shared/url-state';
import { CommerceTabs } from './commerce-tabs';
import { OrderStatus, SourceBadge } from './order-badges';

const STATUSES = ['paid', 'refunded', 'pending', 'processing', 'requires_action', 'failed', 'cancelled'] as const;

/** The list's view as the address holds it (module scope: one object for every render). */
const VIEW = {
  q: param.text(),
  status: param.oneOf(ORDER_STATUSES),
  planId: param.text(40),
  from: param.day(),
  to: param.day(),
  sort: param.oneOf(ORDER_SORTS),
  dir: param.oneOf(SORT_DIRECTIONS),
  page: param.page(),
};

type Draft = Pick<OrderFilter, 'q' | 'status' | 'planId' | 'from' | 'to'>;

/** The filter fields: typed into freely, applied to the address on Search (a new history entry). */
function OrderFilters({
  view,
  apply,
  fields,
}: {
  view: Draft;
  apply: (d: Draft) => void;
  fields: Record<string, string>;
}) {
  const [draft, setDraft] = useState<Draft>(view);
  const plans = usePlans();
  const set = (key: keyof Draft) => (e: { target: { value: string } }) => {
    setDraft({ ...draft, [key]: e.target.value });
  };
  return (
    <form
      className="mb-4 grid grid-cols-[minmax(0,2fr)_repeat(4,minmax(0,1fr))_auto] items-end gap-3"
      onSubmit={(e) => {
        e.preventDefault();
        apply(draft);
      }}
    >
      <TextInput
        label="Search"
        placeholder="Order id or part of it, provider reference, or email"
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
            apply({ q: '', status: '', planId: '', from: '', to: '' });
          }}
        >
          Clear
        </Button>
      </div>
    </form>
  );
}

/** Orders and payments, searchable by id, provider reference, email, status, plan and date. */
export function OrdersPage() {
  const [view, setView] = useUrlState(VIEW);
  const orders = useOrders(view);
  const { fields } = formErrors(orders.error);
  const header = sortHeaders(view, 'createdAt', setView);
  return (
    <section>
      <PageHeader
        title="Commerce"
        description="Orders and payments, refunds, plans and coin packs."
        actions={<DownloadCsv href={`/api/admin/orders/export${exportQuery(view)}`}>Download orders (CSV)</DownloadCsv>}
      />
      <CommerceTabs />
      {/* Remounted when the address changes (Back, a link): the fields show the view on screen. */}
      <OrderFilters
        key={`${view.q}|${view.status}|${view.planId}|${view.from}|${view.to}`}
        view={view}
        fields={fields}
        apply={(draft) => {
          setView({ ...draft, page: 1 });
        }}
      />
      {orders.isPending ? (
        <Loading />
      ) : orders.isError ? (
        Object.keys(fields).length ? null : (
          <ErrorState error={orders.error} retry={() => void orders.refetch()} />
        )
      ) : orders.data.items.length === 0 ? (
        <EmptyState>
          {/* Past the last page the server counts nothing: a page number is all there is to go on. */}
          {view.page > 1 ? (
            <>
              This page is past the last one.{' '}
              <Button size="sm" onClick={() => setView({ page: 1 })}>
                Go to the first page
              </Button>
            </>
          ) : (
            'No orders match.'
          )}
        </EmptyState>
      ) : (
        <>
          <div className="overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-zinc-200">
            <table className="w-full text-sm">
              <thead className="bg-zinc-50 text-left text-xs text-zinc-500 uppercase">
                <tr>
                  {header('Opened', 'createdAt', 'desc')}
                  {header('Buyer', 'buyer', 'asc')}
                  {header('Plan', 'plan', 'asc')}
                  {header('Amount', 'amount', 'desc', true)}
                  {header('Status', 'status', 'asc')}
                  <th className="px-4 py-2 font-medium">Source</th>
                  <th className="px-4 py-2 font-medium">Payment</th>
                  <th className="px-4 py-2 text-right font-medium">Order</th>
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
            totalIsLowerBound={orders.data.totalIsLowerBound}
            hasMore={orders.data.hasMore}
            onPage={(page) => {
              setView({ page });
            }}
          />
        </>
      )}
    </section>
  );
}
