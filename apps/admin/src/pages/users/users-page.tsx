import { useState } from 'react';
import { Link } from 'react-router';
import { SORT_DIRECTIONS, USER_SORTS } from '@episodic/contract/constants';
import { useUsers } from '../../features/users';
import { count, dateTime } from '../../shared/format';
import { Badge, Button, EmptyState, ErrorState, Loading, PageHeader, Pager } from '../../shared/ui';
import { SelectInput, TextInput } from '../../shared/form-fields';
import { DownloadCsv, sortHeaders } from '../../shared/table';
import { exportQuery, param, useUrlState } from '../../shared/url-state';

const FILTERS = [
  { value: 'registered', label: 'Registered accounts' },
  { value: 'members', label: 'Members' },
  { value: 'admins', label: 'Operators' },
  { value: 'disabled', label: 'Disabled' },
  { value: 'guests', label: 'Guests' },
  { value: 'all', label: 'Everyone' },
] as const;

/** The list's view as the address holds it. */
const VIEW = {
  q: param.text(),
  filter: param.oneOf(
    FILTERS.map((f) => f.value),
    'registered',
  ),
  sort: param.oneOf(USER_SORTS),
  dir: param.oneOf(SORT_DIRECTIONS),
  page: param.page(),
};

/** Find a viewer by email or id. */
export function UsersPage() {
  const [view, setView] = useUrlState(VIEW);
  // The search field follows the address (Back, a link) until the operator types in it.
  const [typed, setTyped] = useState<{ for: string; text: string } | null>(null);
  const search = typed?.for === view.q ? typed.text : view.q;
  const users = useUsers(view);
  const header = sortHeaders(view, 'createdAt', setView);
  return (
    <section>
      <PageHeader
        title="Users"
        description="Find an account; see its orders, coins, unlocks, history and where it came from; grant, or disable it."
        actions={
          <DownloadCsv href={`/api/admin/users/export${exportQuery(view)}`}>Download accounts (CSV)</DownloadCsv>
        }
      />
      <form
        className="mb-4 flex items-end gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          setView({ q: search.trim(), page: 1 });
        }}
      >
        <TextInput
          label="Search"
          placeholder="Part of an email, or a user id"
          value={search}
          onChange={(e) => {
            setTyped({ for: view.q, text: e.target.value });
          }}
          className="w-96"
        />
        <SelectInput
          label="Show"
          value={view.filter}
          onChange={(e) => {
            setView({ filter: e.target.value as typeof view.filter, page: 1 });
          }}
          options={[...FILTERS]}
          className="w-56"
        />
        <Button type="submit" variant="primary">
          Search
        </Button>
      </form>
      {users.isPending ? (
        <Loading />
      ) : users.isError ? (
        <ErrorState error={users.error} retry={() => void users.refetch()} />
      ) : users.data.items.length === 0 ? (
        <EmptyState>No accounts match.</EmptyState>
      ) : (
        <>
          <div className="overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-zinc-200">
            <table className="w-full text-sm">
              <thead className="bg-zinc-50 text-left text-xs text-zinc-500 uppercase">
                <tr>
                  {header('Account', 'email', 'asc')}
                  <th className="px-4 py-2 font-medium">State</th>
                  {header('Coins', 'coins', 'desc', true)}
                  {header('Paid orders', 'paidOrders', 'desc', true)}
                  {header('Joined', 'createdAt', 'desc')}
                  {header('Last seen', 'lastSeenAt', 'desc')}
                </tr>
              </thead>
              <tbody>
                {users.data.items.map((u) => (
                  <tr key={u.id} className="border-t border-zinc-100 hover:bg-zinc-50">
                    <td className="px-4 py-2">
                      <Link to={`/users/${u.id}`} className="font-medium hover:text-orange-700">
                        {u.email ?? 'Guest'}
                      </Link>
                      <span className="block font-mono text-xs text-zinc-500">{u.id}</span>
                    </td>
                    <td className="px-4 py-2">
                      <span className="flex flex-wrap gap-1">
                        {u.role === 'admin' ? <Badge tone="blue">Operator</Badge> : null}
                        {u.member ? <Badge tone="green">Member</Badge> : null}
                        {u.disabledAt ? <Badge tone="red">Disabled</Badge> : null}
                        {u.isGuest ? <Badge>Guest</Badge> : null}
                      </span>
                    </td>
                    <td className="px-4 py-2 text-right tabular-nums">{count(u.coins)}</td>
                    <td className="px-4 py-2 text-right tabular-nums">{count(u.paidOrders)}</td>
                    <td className="px-4 py-2 text-zinc-600">{dateTime(u.createdAt)}</td>
                    <td className="px-4 py-2 text-zinc-600">{dateTime(u.lastSeenAt)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pager
            page={users.data.page}
            pageSize={users.data.pageSize}
            total={users.data.total}
            hasMore={users.data.hasMore}
            onPage={(page) => {
              setView({ page });
            }}
          />
        </>
      )}
    </section>
  );
}
