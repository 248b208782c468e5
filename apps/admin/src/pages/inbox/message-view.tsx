import { useState } from 'react';
import { Link } from 'react-router';
import type { AdminInboxMessage } from '@episodic/contract';
import { useInboxMessage, useInboxMutations } from '../../features/inbox';
import { dateTimeSeconds, LANGUAGE_NAMES, type Language } from '../../shared/format';
import { FormMessage, TextArea, formErrors } from '../../shared/form-fields';
import { toast } from '../../shared/toast';
import { Badge, Button, Card, ErrorState, Facts, Loading } from '../../shared/ui';

export const languageName = (code: string) => LANGUAGE_NAMES[code as Language] ?? code;

function Account({ account }: { account: AdminInboxMessage['account'] }) {
  if (!account) return <span className="text-zinc-500">Not signed in</span>;
  return (
    <Link to={`/users/${account.id}`} className="font-medium text-orange-700 hover:underline">
      {account.isGuest ? 'Guest account' : (account.email ?? 'Account')}
    </Link>
  );
}

function Replies({ message }: { message: AdminInboxMessage }) {
  if (message.replies.length === 0) return null;
  return (
    <Card title="Replies">
      <ol className="flex flex-col gap-4">
        {message.replies.map((r) => (
          <li key={r.id} className="border-b border-zinc-100 pb-4 last:border-0 last:pb-0">
            <p className="flex flex-wrap items-center gap-2 text-xs text-zinc-500">
              <span className="font-medium text-zinc-800">{r.author?.email ?? 'A former operator'}</span>
              <span>{dateTimeSeconds(r.createdAt)}</span>
              {r.sentAt ? (
                <Badge tone="green">Sent</Badge>
              ) : r.sending ? (
                <Badge tone="blue">Sending</Badge>
              ) : (
                <Badge tone="red">Not sent</Badge>
              )}
            </p>
            <p className="mt-2 text-sm whitespace-pre-wrap break-words">{r.body}</p>
            {r.sendError ? <p className="mt-2 text-xs text-red-700">{r.sendError}</p> : null}
          </li>
        ))}
      </ol>
    </Card>
  );
}

function ReplyForm({ message }: { message: AdminInboxMessage }) {
  const { reply } = useInboxMutations(message.id);
  const [body, setBody] = useState('');
  const [notSent, setNotSent] = useState<string | null>(null);
  return (
    <Card title="Reply by email">
      {!message.mailConfigured ? (
        <p className="mb-3 rounded-lg bg-orange-50 px-3 py-2 text-sm text-orange-800">
          Mail is not set up on this server (MAIL_URL), so a reply is kept here but not sent.
        </p>
      ) : null}
      <form
        className="flex flex-col gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          setNotSent(null);
          reply.mutate(body, {
            onSuccess: (updated) => {
              const last = updated.replies.at(-1);
              setBody('');
              if (last?.sentAt) toast(`Reply sent to ${updated.email}.`);
              else if (last?.sending) toast(`Reply saved; it is being mailed to ${updated.email}.`);
              else setNotSent(last?.sendError ?? 'The reply was kept but not sent.');
            },
          });
        }}
      >
        <TextArea
          label={`To ${message.email}`}
          hint="Plain text. Their message is quoted below your reply."
          value={body}
          maxLength={5000}
          rows={6}
          onChange={(e) => {
            setBody(e.target.value);
          }}
          error={formErrors(reply.error).fields.body}
        />
        <FormMessage error={reply.error} />
        {notSent ? (
          <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700">
            {notSent}
          </p>
        ) : null}
        <div>
          <Button type="submit" variant="primary" disabled={reply.isPending}>
            {reply.isPending ? 'Sending…' : 'Send reply'}
          </Button>
        </div>
      </form>
    </Card>
  );
}

/** One message: who wrote, when, in which language, what; its replies; reply and done. */
export function MessageView({ id }: { id: string }) {
  const query = useInboxMessage(id);
  const { setDone } = useInboxMutations(id);
  if (query.isPending) return <Loading />;
  if (query.isError) return <ErrorState error={query.error} retry={() => void query.refetch()} />;
  const m = query.data;
  const done = m.handledAt !== null;
  return (
    <div className="flex min-w-0 flex-col gap-4">
      <Card
        title={<span className="break-words">{m.subject}</span>}
        actions={
          <Button
            variant={done ? 'secondary' : 'primary'}
            size="sm"
            disabled={setDone.isPending}
            onClick={() => {
              setDone.mutate(!done, {
                onSuccess: () => {
                  toast(done ? 'Message reopened.' : 'Message marked done.');
                },
              });
            }}
          >
            {done ? 'Reopen' : 'Mark done'}
          </Button>
        }
      >
        <Facts
          items={[
            ['From', <span className="break-all">{m.email}</span>],
            ['Account', <Account account={m.account} />],
            ['Language', languageName(m.language)],
            ['Received', dateTimeSeconds(m.createdAt)],
            [
              'Status',
              done ? (
                <span>
                  <Badge tone="green">Done</Badge>{' '}
                  <span className="text-xs text-zinc-500">
                    {dateTimeSeconds(m.handledAt)}
                    {m.handledBy?.email ? ` by ${m.handledBy.email}` : ''}
                  </span>
                </span>
              ) : (
                <Badge tone="orange">Open</Badge>
              ),
            ],
          ]}
        />
        <FormMessage error={setDone.error} />
        {/* The viewer's text is shown as text: React escapes it, and nothing here renders markup. */}
        <p
          data-testid="message-text"
          className="mt-4 max-h-[28rem] overflow-auto rounded-lg bg-zinc-50 p-4 text-sm whitespace-pre-wrap break-words"
        >
          {m.message}
        </p>
      </Card>
      <Replies message={m} />
      <ReplyForm message={m} />
    </div>
  );
}
