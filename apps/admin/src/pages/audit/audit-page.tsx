import { Fragment, useState } from 'react';
import type { AdminAuditEntry } from '@episodic/contract';
import { type AuditFilter, useAudit } from '../../features/system';
import { dateTime } from '../../shared/format';
import { Button, EmptyState, ErrorState, Loading, PageHeader, Pager } from '../../shared/ui';
import { SelectInput, TextInput } from '../../shared/form-fields';

const TARGETS = [
  { value: '', label: 'Everything' },
  { value: 'series', label: 'Series' },
  { value: 'episode', label: 'Episodes' },
  { value: 'tag', label: 'Tags' },
  { value: 'homepage-section', label: 'Homepage' },
  { value: 'plan', label: 'Plans' },
  { value: 'order', label: 'Orders and refunds' },
  { value: 'user', label: 'Users' },
  { value: 'setting', label: 'Settings' },
  { value: 'contact-message', label: 'Contact messages' },
];

const EMPTY: AuditFilter = { page: 1, action: '', actor: '', targetType: '', targetId: '' };

/** Top-level keys whose values differ between before and after. */
export function changedKeys(before: unknown, after: unknown): string[] {
  const a = before && typeof before === 'object' ? (before as Record<string, unknown>) : {};
  const b = after && typeof after === 'object' ? (after as Record<string, unknown>) : {};
  return [...new Set([...Object.keys(a), ...Object.keys(b)])].filter(
    (k) => JSON.stringify(a[k]) !== JSON.stringify(b[k]),
  );
}

function Value({ value }: { value: unknown }) {
  if (value === undefined) return <span className="text-zinc-400">—</span>;
  return (
    <pre className="max-h-48 overflow-auto rounded bg-zinc-50 p-2 font-mono text-xs whitespace-pre-wrap text-zinc-800">
      {JSON.stringify(value, null, 2)}
    </pre>
  );
}

function Diff({ entry }: { entry: AdminAuditEntry }) {
  const keys = changedKeys(entry.before, entry.after);
  const before = (entry.before ?? {}) as Record<string, unknown>;
  const after = (entry.after ?? {}) as Record<string, unknown>;
  return (
    <div className="px-4 pb-4">
      {entry.reason ? (
        <p className="mb-3 text-sm">
          <span className="text-zinc-500">Reason: </span>
          {entry.reason}
        </p>
      ) : null}
      {keys.length === 0 ? (
        <p className="text-sm text-zinc-500">No recorded values.</p>
      ) : (
        <table className="w-full table-fixed text-sm">
          <thead className="text-left text-xs text-zinc-500 uppercase">
            <tr>
              <th className="w-40 py-1 font-medium">Field</th>
              <th className="py-1 font-medium">Before</th>
              <th className="py-1 font-medium">After</th>
            </tr>
          </thead>
          <tbody>
            {keys.map((k) => (
              <tr key={k} className="align-top">
                <td className="py-1 pr-3 font-mono text-xs">{k}</td>
                <td className="py-1 pr-3">
                  <Value value={before[k]} />
                </td>
                <td className="py-1">
                  <Value value={after[k]} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}

/** Who changed what and when, with the values before and after. */
export function AuditPage() {
  const [filter, setFilter] = useState<AuditFilter>(EMPTY);
  const [draft, setDraft] = useState<AuditFilter>(EMPTY);
  const [open, setOpen] = useState<number | null>(null);
  const log = useAudit(filter);
  return (
    <section>
      <PageHeader
        title="Audit log"
        description="Every change made in this console: who, what, the values before and after, and when. Entries can't be edited or removed."
      />
      <form
        className="mb-4 flex items-end gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          setFilter({ ...draft, page: 1 });
        }}
      >
        <SelectInput
          label="About"
          value={draft.targetType}
          onChange={(e) => {
            setDraft({ ...draft, targetType: e.target.value, targetId: '' });
          }}
          options={TARGETS}
          className="w-52"
        />
        <TextInput
          label="Id"
          placeholder="e.g. 12 or an order id"
          value={draft.targetId}
          onChange={(e) => {
            setDraft({ ...draft, targetId: e.target.value });
          }}
          className="w-72"
        />
        <TextInput
          label="Action"
          placeholder="e.g. order.refund or series"
          value={draft.action}
          onChange={(e) => {
            setDraft({ ...draft, action: e.target.value });
          }}
          className="w-56"
        />
        <TextInput
          label="Operator"
          placeholder="Part of an email"
          value={draft.actor}
          onChange={(e) => {
            setDraft({ ...draft, actor: e.target.value });
          }}
          className="w-56"
        />
        <Button type="submit" variant="primary">
          Filter
        </Button>
      </form>
      {log.isPending ? (
        <Loading />
      ) : log.isError ? (
        <ErrorState error={log.error} retry={() => void log.refetch()} />
      ) : log.data.items.length === 0 ? (
        <EmptyState>No changes recorded{filter === EMPTY ? ' yet' : ' for this filter'}.</EmptyState>
      ) : (
        <>
          <div className="overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-zinc-200">
            <table className="w-full text-sm">
              <thead className="bg-zinc-50 text-left text-xs text-zinc-500 uppercase">
                <tr>
                  <th className="px-4 py-2 font-medium">When</th>
                  <th className="px-4 py-2 font-medium">Operator</th>
                  <th className="px-4 py-2 font-medium">Action</th>
                  <th className="px-4 py-2 font-medium">What happened</th>
                  <th className="px-4 py-2" />
                </tr>
              </thead>
              <tbody>
                {log.data.items.map((entry) => (
                  <Fragment key={entry.id}>
                    <tr className="border-t border-zinc-100">
                      <td className="px-4 py-2 whitespace-nowrap text-zinc-600">{dateTime(entry.at)}</td>
                      <td className="px-4 py-2">{entry.actor.email ?? 'system'}</td>
                      <td className="px-4 py-2 font-mono text-xs">{entry.action}</td>
                      <td className="px-4 py-2">{entry.summary}</td>
                      <td className="px-4 py-2 text-right">
                        <Button
                          size="sm"
                          variant="ghost"
                          aria-expanded={open === entry.id}
                          onClick={() => {
                            setOpen(open === entry.id ? null : entry.id);
                          }}
                        >
                          {open === entry.id ? 'Hide' : 'Details'}
                        </Button>
                      </td>
                    </tr>
                    {open === entry.id ? (
                      <tr>
                        <td colSpan={5}>
                          <Diff entry={entry} />
                        </td>
                      </tr>
                    ) : null}
                  </Fragment>
                ))}
              </tbody>
            </table>
          </div>
          <Pager
            page={log.data.page}
            pageSize={log.data.pageSize}
            total={log.data.total}
            hasMore={log.data.hasMore}
            onPage={(page) => {
              setFilter({ ...filter, page });
            }}
          />
        </>
      )}
    </section>
  );
}
