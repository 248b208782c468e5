import { useState } from 'react';
import type { AdminAttributionSource, AdminDashboard } from '@episodic/contract';
import { SOURCE_NAMES } from '../../features/commerce';
import { useDashboard } from '../../features/system';
import { BarChart, LineChart } from '../../shared/charts';
import { count, isoDay, longDate, money } from '../../shared/format';
import { Button, Card, ErrorState, Loading, PageHeader } from '../../shared/ui';
import { TextInput } from '../../shared/form-fields';

const PRESETS = [
  { label: '7 days', days: 7 },
  { label: '30 days', days: 30 },
  { label: '90 days', days: 90 },
];

const SOURCE_COLORS: Record<AdminAttributionSource, string> = {
  fbclid: '#2563eb',
  ttclid: '#db2777',
  referrer: '#ea580c',
  organic: '#16a34a',
};

function Kpi({ label, value, note }: { label: string; value: string; note?: string }) {
  return (
    <div className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-zinc-200">
      <p className="text-xs font-medium tracking-wide text-zinc-500 uppercase">{label}</p>
      <p className="mt-1 text-2xl font-bold tabular-nums">{value}</p>
      {note ? <p className="mt-0.5 text-xs text-zinc-500">{note}</p> : null}
    </div>
  );
}

function Figures({ data }: { data: AdminDashboard }) {
  const { totals, currency } = data;
  const days = data.days.map((d) => d.day);
  const cash = (n: number) => money(n, currency);
  return (
    <>
      <div className="grid grid-cols-6 gap-4">
        <Kpi label="Plays" value={count(totals.plays)} />
        <Kpi
          label="New accounts"
          value={count(totals.newAccounts)}
          note={`${count(totals.newVisitors)} new visitors`}
        />
        <Kpi label="Paying users" value={count(totals.payingUsers)} note={`${count(totals.paidOrders)} paid orders`} />
        <Kpi
          label="Revenue"
          value={cash(totals.revenue)}
          note={totals.refunds ? `${cash(totals.refunds)} refunded` : 'no refunds'}
        />
        <Kpi label="Active memberships" value={count(totals.activeMemberships)} note="now" />
        <Kpi
          label="Renewals"
          value={count(totals.renewals)}
          note={`${count(totals.failedRenewals)} failed · ${count(totals.cancellations)} cancelled`}
        />
      </div>
      <div className="mt-6 grid grid-cols-2 gap-6">
        <Card title="Revenue">
          <LineChart
            label="Revenue per day"
            days={days}
            series={[{ name: 'Revenue', color: '#ea580c', values: data.days.map((d) => d.revenue) }]}
            format={(n) => money(n, currency).replace(/\.00$/, '')}
            floor={1000}
          />
        </Card>
        <Card title="Plays">
          <LineChart
            label="Plays per day"
            days={days}
            series={[{ name: 'Plays', color: '#7c3aed', values: data.days.map((d) => d.plays) }]}
          />
        </Card>
        <Card title="New users and paying users">
          <LineChart
            label="Users per day"
            days={days}
            series={[
              { name: 'New visitors', color: '#a1a1aa', values: data.days.map((d) => d.newVisitors) },
              { name: 'New accounts', color: '#2563eb', values: data.days.map((d) => d.newAccounts) },
              { name: 'Paying users', color: '#16a34a', values: data.days.map((d) => d.payingUsers) },
            ]}
          />
        </Card>
        <Card title="Memberships">
          <LineChart
            label="Renewals and cancellations per day"
            days={days}
            series={[
              { name: 'Renewals', color: '#16a34a', values: data.days.map((d) => d.renewals) },
              { name: 'Cancellations', color: '#dc2626', values: data.days.map((d) => d.cancellations) },
            ]}
          />
          <p className="mt-2 text-xs text-zinc-500">
            {count(totals.newMemberships)} new memberships in the period · {count(totals.activeMemberships)} active now
          </p>
        </Card>
      </div>
      <Card title="Conversions by source" className="mt-6">
        <div className="grid grid-cols-[1fr_1fr_360px] gap-6">
          <div>
            <h3 className="mb-2 text-sm font-medium text-zinc-600">Purchases</h3>
            <BarChart
              label="Purchases by source"
              bars={data.sources.map((s) => ({
                name: SOURCE_NAMES[s.source],
                value: s.conversions,
                color: SOURCE_COLORS[s.source],
              }))}
            />
          </div>
          <div>
            <h3 className="mb-2 text-sm font-medium text-zinc-600">Revenue</h3>
            <BarChart
              label="Revenue by source"
              bars={data.sources.map((s) => ({
                name: SOURCE_NAMES[s.source],
                value: s.revenue,
                color: SOURCE_COLORS[s.source],
              }))}
              format={(n) => money(n, currency)}
            />
          </div>
          <table className="self-start text-sm">
            <thead>
              <tr className="text-left text-xs text-zinc-500 uppercase">
                <th className="py-1 font-medium">Source</th>
                <th className="py-1 text-right font-medium">Purchases</th>
                <th className="py-1 text-right font-medium">Revenue</th>
              </tr>
            </thead>
            <tbody className="tabular-nums">
              {data.sources.map((s) => (
                <tr key={s.source} className="border-t border-zinc-100">
                  <td className="py-1.5">{SOURCE_NAMES[s.source]}</td>
                  <td className="py-1.5 text-right">{count(s.conversions)}</td>
                  <td className="py-1.5 text-right">{money(s.revenue, currency)}</td>
                </tr>
              ))}
              <tr className="border-t border-zinc-200 text-zinc-500">
                <td className="py-1.5">Renewals</td>
                <td className="py-1.5 text-right">{count(totals.renewals)}</td>
                <td className="py-1.5 text-right">{money(data.renewalRevenue, currency)}</td>
              </tr>
            </tbody>
          </table>
        </div>
      </Card>
    </>
  );
}

/** The business at a glance for a chosen period. */
export function DashboardPage() {
  const [range, setRange] = useState({ from: isoDay(-29), to: isoDay(0) });
  const [draft, setDraft] = useState(range);
  const query = useDashboard(range.from, range.to);
  const invalid = draft.from > draft.to;
  return (
    <section>
      <PageHeader title="Dashboard" description={`${longDate(range.from)} – ${longDate(range.to)} (UTC days)`} />
      <form
        className="mb-6 flex flex-wrap items-end gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          if (!invalid) setRange(draft);
        }}
      >
        {PRESETS.map((p) => (
          <Button
            key={p.days}
            size="sm"
            onClick={() => {
              const next = { from: isoDay(1 - p.days), to: isoDay(0) };
              setDraft(next);
              setRange(next);
            }}
          >
            Last {p.label}
          </Button>
        ))}
        <span className="mx-2 h-6 w-px bg-zinc-300" />
        <TextInput
          label="From"
          type="date"
          value={draft.from}
          max={draft.to}
          onChange={(e) => {
            setDraft({ ...draft, from: e.target.value });
          }}
          className="w-44"
        />
        <TextInput
          label="To"
          type="date"
          value={draft.to}
          min={draft.from}
          onChange={(e) => {
            setDraft({ ...draft, to: e.target.value });
          }}
          className="w-44"
          error={invalid ? 'Ends before it starts' : undefined}
        />
        <Button type="submit" variant="primary" disabled={invalid}>
          Show
        </Button>
      </form>
      {query.isPending ? (
        <Loading />
      ) : query.isError ? (
        <ErrorState error={query.error} retry={() => void query.refetch()} />
      ) : (
        <Figures data={query.data} />
      )}
    </section>
  );
}
