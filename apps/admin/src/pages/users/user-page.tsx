import { useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { useUser } from '../../features/users';
import { count, dateTime, money } from '../../shared/format';
import { Badge, Button, Card, EmptyState, ErrorState, Facts, Loading, PageHeader } from '../../shared/ui';
import { OrderStatus, SourceBadge } from '../commerce/order-badges';
import { SOURCE_NAMES } from '../../features/commerce';
import { DisableDialog, GrantDialog, RoleDialog } from './user-actions';
import { RevokeUnlockDialog, StopRenewalDialog } from './user-access-dialogs';

function Rows({ head, children, empty }: { head: string[]; children: ReactNode[]; empty: string }) {
  if (children.length === 0) return <EmptyState>{empty}</EmptyState>;
  return (
    <table className="w-full text-sm">
      <thead className="text-left text-xs text-zinc-500 uppercase">
        <tr>
          {head.map((h) => (
            <th key={h} className="py-1.5 pr-4 font-medium">
              {h}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>{children}</tbody>
    </table>
  );
}

/** One account: who, money, orders, unlocks, watch history, attribution; grants, operator access and disabling. */
export function UserPage() {
  const id = useParams().id ?? '';
  const query = useUser(id);
  const [dialog, setDialog] = useState<'coins' | 'membership' | 'disable' | 'role' | 'renewal' | null>(null);
  const [revoking, setRevoking] = useState<number | null>(null);
  if (query.isPending) return <Loading />;
  if (query.isError) return <ErrorState error={query.error} retry={() => void query.refetch()} />;
  const user = query.data;
  const m = user.membership;
  return (
    <section>
      <Link to="/users" className="text-sm font-medium text-orange-700 hover:underline">
        ← All users
      </Link>
      <PageHeader
        title={user.email ?? 'Guest account'}
        description={
          <span className="flex items-center gap-2">
            {user.role === 'admin' ? <Badge tone="blue">Operator</Badge> : null}
            {m.active ? <Badge tone="green">Member</Badge> : null}
            {user.disabledAt ? <Badge tone="red">Disabled {dateTime(user.disabledAt)}</Badge> : null}
            <span className="font-mono text-xs">{user.id}</span>
          </span>
        }
        actions={
          <>
            <Button onClick={() => setDialog('coins')}>Give coins</Button>
            <Button onClick={() => setDialog('membership')}>Give membership</Button>
            {user.isGuest ? null : (
              <Button onClick={() => setDialog('role')}>
                {user.role === 'admin' ? 'Remove operator access' : 'Give operator access'}
              </Button>
            )}
            <Button variant={user.disabledAt ? 'primary' : 'danger'} onClick={() => setDialog('disable')}>
              {user.disabledAt ? 'Enable account' : 'Disable account'}
            </Button>
          </>
        }
      />
      <div className="grid grid-cols-3 gap-6">
        <Card title="Account">
          <Facts
            items={[
              ['Language', user.language],
              ['Joined', dateTime(user.createdAt)],
              ['Last seen', dateTime(user.lastSeenAt)],
              ['Active sessions', count(user.activeSessions)],
              ['Favorites', count(user.favorites)],
            ]}
          />
        </Card>
        <Card title="Money">
          <Facts
            items={[
              ['Coins', count(user.coins)],
              ['Paid orders', count(user.paidOrders)],
              ['Membership', m.planId ? `${m.planId} · ${m.active ? 'active' : (m.status ?? 'ended')}` : 'none'],
              ['Paid until', dateTime(m.endsAt)],
              ['Renews', m.active ? (m.autoRenew ? 'yes' : 'no') : '—'],
              ['Cancelled', dateTime(m.cancelledAt)],
            ]}
          />
          {m.active && m.autoRenew ? (
            <Button className="mt-3" variant="danger" onClick={() => setDialog('renewal')}>
              Stop auto-renewal…
            </Button>
          ) : null}
        </Card>
        <Card title="Attribution">
          <Facts
            items={[
              [
                'First source',
                user.attribution.firstSource ? SOURCE_NAMES[user.attribution.firstSource] : 'no order yet',
              ],
            ]}
          />
          <ul className="mt-3 flex flex-col gap-1.5 text-sm">
            {user.attribution.touches.map((t) => (
              <li key={t.orderId} className="flex items-center gap-2">
                <SourceBadge attribution={t} />
                <span className="truncate font-mono text-xs text-zinc-600">
                  {t.fbclid ?? t.ttclid ?? t.refererToken}
                </span>
                <span className="ml-auto text-xs text-zinc-500">{dateTime(t.at)}</span>
              </li>
            ))}
          </ul>
        </Card>
      </div>
      <Card title="Orders" className="mt-6">
        <Rows head={['Opened', 'Plan', 'Amount', 'Status', 'Source', '']} empty="No orders.">
          {user.orders.map((o) => (
            <tr key={o.id} className="border-t border-zinc-100">
              <td className="py-1.5 pr-4 text-zinc-600">{dateTime(o.createdAt)}</td>
              <td className="py-1.5 pr-4">{o.planName}</td>
              <td className="py-1.5 pr-4 tabular-nums">{money(o.amount, o.currency)}</td>
              <td className="py-1.5 pr-4">
                <OrderStatus status={o.status} refundedAmount={o.refundedAmount} />
              </td>
              <td className="py-1.5 pr-4">
                <SourceBadge attribution={o.attribution} />
              </td>
              <td className="py-1.5 pr-4 text-right">
                <Link to={`/commerce/orders/${o.id}`} className="font-medium text-orange-700 hover:underline">
                  Open
                </Link>
              </td>
            </tr>
          ))}
        </Rows>
      </Card>
      <div className="mt-6 grid grid-cols-2 gap-6">
        <Card title="Coin ledger">
          <Rows head={['When', 'Change', 'Kind', 'Why']} empty="No coins moved yet.">
            {user.ledger.map((l) => (
              <tr key={l.id} className="border-t border-zinc-100">
                <td className="py-1.5 pr-4 text-zinc-600">{dateTime(l.at)}</td>
                <td className={`py-1.5 font-semibold tabular-nums ${l.delta < 0 ? 'text-red-700' : 'text-green-700'}`}>
                  {l.delta > 0 ? `+${count(l.delta)}` : count(l.delta)}
                </td>
                <td className="py-1.5 pr-4">{l.kind}</td>
                <td className="py-1.5 pr-4 text-zinc-600">
                  {l.reason ?? (l.episodeId ? `episode ${l.episodeId}` : '')}
                </td>
              </tr>
            ))}
          </Rows>
        </Card>
        <Card title="Unlocks">
          <Rows head={['When', 'Series', 'Episode', 'How', '']} empty="No episodes unlocked.">
            {user.unlocks.map((u) => (
              <tr key={u.episodeId} className="border-t border-zinc-100">
                <td className="py-1.5 pr-4 text-zinc-600">{dateTime(u.at)}</td>
                <td className="py-1.5 pr-4">
                  <Link to={`/content/series/${u.seriesId}`} className="hover:text-orange-700">
                    {u.seriesTitle}
                  </Link>
                </td>
                <td className="py-1.5 pr-4 tabular-nums">{u.episodeNumber}</td>
                <td className="py-1.5 pr-4">{u.source}</td>
                <td className="py-1.5 text-right">
                  <Button
                    variant="ghost"
                    size="sm"
                    aria-label={`Take away ${u.seriesTitle}, episode ${u.episodeNumber}`}
                    onClick={() => setRevoking(u.episodeId)}
                  >
                    Take away…
                  </Button>
                </td>
              </tr>
            ))}
          </Rows>
        </Card>
      </div>
      <Card title="Watch history" className="mt-6">
        <Rows head={['When', 'Series', 'Episode', 'Position']} empty="Nothing watched yet.">
          {user.history.map((h) => (
            <tr key={h.seriesId} className="border-t border-zinc-100">
              <td className="py-1.5 pr-4 text-zinc-600">{dateTime(h.at)}</td>
              <td className="py-1.5 pr-4">{h.seriesTitle}</td>
              <td className="py-1.5 pr-4 tabular-nums">{h.episodeNumber}</td>
              <td className="py-1.5 pr-4 tabular-nums">{h.finished ? 'finished' : `${Math.round(h.position)} s`}</td>
            </tr>
          ))}
        </Rows>
      </Card>
      {dialog === 'coins' || dialog === 'membership' ? (
        <GrantDialog user={user} kind={dialog} onClose={() => setDialog(null)} />
      ) : null}
      {dialog === 'disable' ? <DisableDialog user={user} onClose={() => setDialog(null)} /> : null}
      {dialog === 'role' ? <RoleDialog user={user} onClose={() => setDialog(null)} /> : null}
      {dialog === 'renewal' ? <StopRenewalDialog user={user} onClose={() => setDialog(null)} /> : null}
      {revoking !== null && user.unlocks.some((u) => u.episodeId === revoking) ? (
        <RevokeUnlockDialog
          user={user}
          unlock={user.unlocks.find((u) => u.episodeId === revoking)!}
          onClose={() => setRevoking(null)}
        />
      ) : null}
    </section>
  );
}
