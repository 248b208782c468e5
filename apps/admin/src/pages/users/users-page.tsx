import { useState } from 'react';
import { Link } from 'react-router';
import { type UserFilter, useUsers } from '../../features/users';
import { count, dateTime } from '../../shared/format';
import { Badge, Button, EmptyState, ErrorState, Loading, PageHeader, Pager } from '../../shared/ui';
import { SelectInput, TextInput } from '../../shared/form-fields';

const FILTERS = [
  { value: 'registered', label: 'Registered accounts' },
  { value: 'members', label: 'Members' },
  { value: 'admins', label: 'Operators' },
  { value: 'disabled', label: 'Disabled' },
  { value: 'guests', label: 'Guests' },
  { value: 'all', label: 'Everyone' },
];

/** Find a viewer by email or id. */
export function UsersPage() {
  const [filter, setFilter] = useState<UserFilter>({ page: 1, q: '', filter: 'registered' });
  const [search, setSearch] = useState('');
  const users = useUsers(filter);
  return (
    <section>
      <PageHeader
        title="Users"
        description="Find an account; see its orders, coins, unlocks, history and where it came from; grant, or disable it."
      />
      <form
        className="mb-4 flex items-end gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          setFilter({ ...filter, page: 1, q: search });
        }}
      >
        <TextInput
          label="Search"
          placeholder="Part of an email, or a user id"
          value={search}
          onChange={(e) => {
            setSearch(e.target.value);
          }}
          className="w-96"
        />
        <SelectInput
          label="Show"
          value={filter.filter}
          onChange={(e) => {
            setFilter({ ...filter, page: 1, filter: e.target.value as UserFilter['filter'] });
          }}
          options={FILTERS}
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
                  <th className="px-4 py-2 font-medium">Account</th>
                  <th className="px-4 py-2 font-medium">State</th>
                  <th className="px-4 py-2 text-right font-medium">Coins</th>
                  <th className="px-4 py-2 text-right font-medium">Paid orders</th>
                  <th className="px-4 py-2 font-medium">Joined</th>
                  <th className="px-4 py-2 font-medium">Last seen</th>
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
              setFilter({ ...filter, page });
            }}
          />
        </>
      )}
    </section>
  );
}
