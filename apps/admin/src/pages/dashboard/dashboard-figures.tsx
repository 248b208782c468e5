import type { AdminAttributionSource, AdminDashboard } from '@episodic/contract';
import { SOURCE_NAMES } from '../../features/commerce';
import { BarChart, LineChart } from '../../shared/charts';
import { count, money } from '../../shared/format';
import { Card } from '../../shared/ui';

const SOURCE_COLORS: Record<AdminAttributionSource, string> = {
  fbclid: '#2563eb',
  ttclid: '#db2777',
  referrer: '#ea580c',
  organic: '#16a34a',
};

const MONEY_COLORS = { gross: '#ea580c', refunds: '#dc2626', net: '#16a34a' };

/** "1 new visitor", "2 new visitors". */
const counted = (n: number, one: string, many = `${one}s`) => `${count(n)} ${n === 1 ? one : many}`;

function Kpi({ label, value, note }: { label: string; value: string; note?: string }) {
  return (
    <div className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-zinc-200">
      <p className="text-xs font-medium tracking-wide text-zinc-500 uppercase">{label}</p>
      <p className="mt-1 text-2xl font-bold tabular-nums">{value}</p>
      {note ? <p className="mt-0.5 text-xs text-zinc-500">{note}</p> : null}
    </div>
  );
}

/** A period's figures: money (gross, refunds, net), audience, memberships, and conversions by source. */
export function DashboardFigures({ data }: { data: AdminDashboard }) {
  const { totals, currency } = data;
  const days = data.days.map((d) => d.day);
  const cash = (n: number) => money(n, currency);
  return (
    <>
      <div className="grid grid-cols-4 gap-4">
        <Kpi label="Gross revenue" value={cash(totals.gross)} note={counted(totals.paidOrders, 'paid order')} />
        <Kpi
          label="Refunds"
          value={cash(totals.refunds)}
          note={totals.refundCount ? `${counted(totals.refundCount, 'refund')} made in the period` : 'no refunds'}
        />
        <Kpi label="Net revenue" value={cash(totals.net)} note="gross − refunds" />
        <Kpi label="Paying users" value={count(totals.payingUsers)} note="people who paid in the period" />
        <Kpi label="Plays" value={count(totals.plays)} />
        <Kpi label="New accounts" value={count(totals.newAccounts)} note={counted(totals.newVisitors, 'new visitor')} />
        <Kpi
          label="Active memberships"
          value={count(totals.activePaidMemberships + totals.activeGrantedMemberships)}
          note={`now: ${count(totals.activePaidMemberships)} paid · ${count(totals.activeGrantedMemberships)} granted`}
        />
        <Kpi
          label="Renewals"
          value={count(totals.renewals)}
          note={`${count(totals.failedRenewals)} failed · ${count(totals.cancellations)} cancelled`}
        />
      </div>
      <p className="mt-2 text-xs text-zinc-500">
        Money in {currency}: gross counts orders paid in the period, refunds the money given back in it (whenever its
        order was paid). Viewer figures leave out operators and disabled accounts.
      </p>
      <div className="mt-6 grid grid-cols-2 gap-6">
        <Card title="Revenue">
          <LineChart
            label="Revenue per day"
            days={days}
            series={[
              { name: 'Gross', color: MONEY_COLORS.gross, values: data.days.map((d) => d.gross) },
              { name: 'Refunds', color: MONEY_COLORS.refunds, values: data.days.map((d) => d.refunds) },
              { name: 'Net', color: MONEY_COLORS.net, values: data.days.map((d) => d.net) },
            ]}
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
            New in the period: {count(totals.newPaidMemberships)} bought · {count(totals.newGrantedMemberships)} granted
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
            <h3 className="mb-2 text-sm font-medium text-zinc-600">Gross</h3>
            <BarChart
              label="Gross revenue by source"
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
                <th className="py-1 text-right font-medium">Gross</th>
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
