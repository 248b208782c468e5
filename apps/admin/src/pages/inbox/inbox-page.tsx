import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { type InboxStatus, useInbox } from '../../features/inbox';
import { dateTime } from '../../shared/format';
import { Badge, EmptyState, ErrorState, Loading, PageHeader, Pager } from '../../shared/ui';
import { languageName, MessageView } from './message-view';

function StatusSwitch({ status, onChange }: { status: InboxStatus; onChange: (s: InboxStatus) => void }) {
  return (
    <div role="group" aria-label="Show" className="mb-3 inline-flex rounded-lg bg-zinc-100 p-1 text-sm">
      {(['open', 'done'] as const).map((s) => (
        <button
          key={s}
          type="button"
          aria-pressed={status === s}
          onClick={() => {
            onChange(s);
          }}
          className={`rounded-md px-3 py-1 font-medium ${status === s ? 'bg-white shadow-sm' : 'text-zinc-600 hover:text-zinc-900'}`}
        >
          {s === 'open' ? 'Open' : 'Done'}
        </button>
      ))}
    </div>
  );
}

function MessageList({ status, page, onPage }: { status: InboxStatus; page: number; onPage: (p: number) => void }) {
  const selected = useParams().id;
  const list = useInbox(status, page);
  if (list.isPending) return <Loading />;
  if (list.isError) return <ErrorState error={list.error} retry={() => void list.refetch()} />;
  if (list.data.items.length === 0)
    return (
      <EmptyState>{status === 'open' ? 'No open messages. Well done.' : 'No messages marked done yet.'}</EmptyState>
    );
  return (
    <>
      <ul className="overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-zinc-200">
        {list.data.items.map((m) => (
          <li key={m.id} className="border-b border-zinc-100 last:border-0">
            <Link
              to={`/inbox/${m.id}`}
              aria-current={selected === m.id ? 'page' : undefined}
              className={`block px-4 py-3 hover:bg-zinc-50 ${selected === m.id ? 'bg-orange-50' : ''}`}
            >
              <span className="flex items-center justify-between gap-3">
                <span className={`truncate text-sm ${m.unread ? 'font-bold' : 'font-medium'}`}>{m.subject}</span>
                <span className="shrink-0 text-xs text-zinc-500">{dateTime(m.createdAt)}</span>
              </span>
              <span className="mt-0.5 flex items-center gap-2 text-xs text-zinc-600">
                {m.unread ? <Badge tone="orange">New</Badge> : null}
                {m.replies > 0 ? (
                  <Badge tone="blue">{m.replies === 1 ? '1 reply' : `${m.replies} replies`}</Badge>
                ) : null}
                <span className="truncate">{m.email}</span>
                <span className="shrink-0 text-zinc-400">· {languageName(m.language)}</span>
              </span>
              <span className="mt-1 line-clamp-2 text-xs break-words text-zinc-500">{m.excerpt}</span>
            </Link>
          </li>
        ))}
      </ul>
      <Pager
        page={list.data.page}
        pageSize={list.data.pageSize}
        total={list.data.total}
        hasMore={list.data.hasMore}
        onPage={onPage}
      />
    </>
  );
}

/** Messages viewers sent from the contact page: read, answer by email, mark done. */
export function InboxPage() {
  const id = useParams().id;
  const [status, setStatus] = useState<InboxStatus>('open');
  const [page, setPage] = useState(1);
  return (
    <section>
      <PageHeader
        title="Inbox"
        description="Messages viewers send from the Contact us page. Answer by email from here, then mark them done."
      />
      <div className="grid grid-cols-[26rem_minmax(0,1fr)] items-start gap-6">
        <div>
          <StatusSwitch
            status={status}
            onChange={(s) => {
              setStatus(s);
              setPage(1);
            }}
          />
          <MessageList status={status} page={page} onPage={setPage} />
        </div>
        {id ? <MessageView key={id} id={id} /> : <EmptyState>Choose a message on the left to read it.</EmptyState>}
      </div>
    </section>
  );
}
