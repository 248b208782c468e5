import { useState } from 'react';
import { Link } from 'react-router';
import type { AdminSettings } from '@episodic/contract';
import { REWARD_CONFIG_KEYS } from '@episodic/contract/constants';
import { useSettings, useSettingsMutations } from '../../features/system';
import { count, dateTime } from '../../shared/format';
import { Badge, Button, Card, ErrorState, Facts, Loading, PageHeader } from '../../shared/ui';
import { FormMessage, TextInput, formErrors } from '../../shared/form-fields';
import { useUnsavedChanges } from '../../shared/unsaved-changes';
import { RewardsCard } from './rewards-form';

type Entry = AdminSettings['config'][number];

/** Keys the Rewards form edits: not repeated in the generic list. */
const REWARD_KEYS: readonly string[] = Object.values(REWARD_CONFIG_KEYS);

interface RowProps {
  entry: Entry;
  /** Whether this row's last save went through (kept above the row: a saved value remounts it). */
  saved: boolean;
  onSaved: () => void;
  /** Any edit clears the confirmation: it must never describe a value no longer in the field. */
  onEdit: () => void;
}

function ConfigRow({ entry, saved, onSaved, onEdit }: RowProps) {
  const { set, remove } = useSettingsMutations();
  const [value, setValue] = useState(entry.value);
  useUnsavedChanges(value !== entry.value);
  const saving = set.isPending && set.variables?.key === entry.key;
  const error = set.variables?.key === entry.key ? formErrors(set.error).fields.value : undefined;
  return (
    <tr className="border-t border-zinc-100 align-top">
      <td className="py-3 pr-4">
        <span className="font-mono text-sm font-medium">{entry.key}</span>
        <span className="block max-w-xs text-xs text-zinc-500">{entry.description}</span>
      </td>
      <td className="py-3 pr-4">
        <form
          className="flex items-start gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            onEdit();
            // A saved value remounts this row (its key holds the value), which drops callbacks given
            // to mutate(); the promise still settles.
            set.mutateAsync({ key: entry.key, value }).then(onSaved, () => undefined);
          }}
        >
          <TextInput
            label={<span className="sr-only">Value of {entry.key}</span>}
            value={value}
            placeholder="(not set)"
            onChange={(e) => {
              setValue(e.target.value);
              onEdit();
            }}
            error={error}
            className="flex-1"
          />
          <Button type="submit" disabled={saving || value === entry.value}>
            Save
          </Button>
          {!entry.known ? (
            <Button
              variant="ghost"
              className="text-red-700"
              onClick={() => {
                if (window.confirm(`Remove the key ${entry.key}?`)) remove.mutate(entry.key);
              }}
            >
              Remove
            </Button>
          ) : null}
        </form>
        {saved ? (
          <p role="status" className="mt-1 text-sm text-green-700">
            Saved. Viewers see the change now.
          </p>
        ) : null}
      </td>
      <td className="py-3 text-sm whitespace-nowrap text-zinc-500">{dateTime(entry.updatedAt)}</td>
    </tr>
  );
}

function NewKey() {
  const { set } = useSettingsMutations();
  const [key, setKey] = useState('');
  const [value, setValue] = useState('');
  useUnsavedChanges(Boolean(key.trim() || value));
  const mine = set.variables?.key === key;
  const { fields } = mine ? formErrors(set.error) : { fields: {} as Record<string, string> };
  return (
    <form
      className="mt-4 flex items-end gap-3 border-t border-zinc-200 pt-4"
      onSubmit={(e) => {
        e.preventDefault();
        set.mutate(
          { key: key.trim(), value },
          {
            onSuccess: () => {
              setKey('');
              setValue('');
            },
          },
        );
      }}
    >
      <TextInput
        label="New key"
        placeholder="support_chat_url"
        value={key}
        onChange={(e) => {
          setKey(e.target.value);
        }}
        error={fields.key}
        className="w-64"
      />
      <TextInput
        label="Value"
        value={value}
        onChange={(e) => {
          setValue(e.target.value);
        }}
        error={fields.value}
        className="flex-1"
      />
      <Button type="submit" disabled={!key.trim() || set.isPending}>
        Add key
      </Button>
    </form>
  );
}

const STATUS = {
  live: <Badge tone="green">Live</Badge>,
  test: <Badge tone="orange">Test mode</Badge>,
  off: <Badge>Off</Badge>,
};

/** The configuration list the apps read at start, and the state of mail and payments. */
export function SettingsPage() {
  const settings = useSettings();
  const { remove } = useSettingsMutations();
  const [savedKey, setSavedKey] = useState<string | null>(null);
  if (settings.isPending)
    return (
      <section>
        <PageHeader title="Settings" />
        <Loading />
      </section>
    );
  if (settings.isError)
    return (
      <section>
        <PageHeader title="Settings" />
        <ErrorState error={settings.error} retry={() => void settings.refetch()} />
      </section>
    );
  const { config, mail, payments } = settings.data;
  return (
    <section>
      <PageHeader
        title="Settings"
        description="The rewards viewers are given, the configuration list the apps read at start (the advertising and analytics pixel ids, and any other key), mail, and payment providers."
      />
      <RewardsCard />
      <Card title="Configuration list" className="mt-6">
        <FormMessage error={remove.error} />
        <table className="w-full">
          <thead className="text-left text-xs text-zinc-500 uppercase">
            <tr>
              <th className="py-2 font-medium">Key</th>
              <th className="py-2 font-medium">Value</th>
              <th className="py-2 font-medium">Changed</th>
            </tr>
          </thead>
          <tbody>
            {config
              .filter((entry) => !REWARD_KEYS.includes(entry.key))
              .map((entry) => (
                <ConfigRow
                  key={`${entry.key}:${entry.value}`}
                  entry={entry}
                  saved={savedKey === entry.key}
                  onSaved={() => {
                    setSavedKey(entry.key);
                  }}
                  onEdit={() => {
                    setSavedKey(null);
                  }}
                />
              ))}
          </tbody>
        </table>
        <NewKey />
      </Card>
      <div className="mt-6 grid grid-cols-2 gap-6">
        <Card title="Mail">
          <Facts
            items={[
              [
                'Transport',
                mail.transport === 'smtp' ? (
                  <Badge tone="green">SMTP</Badge>
                ) : (
                  <Badge tone="orange">Outbox folder (nothing is sent)</Badge>
                ),
              ],
              ['Server', mail.server ?? '—'],
              ['Sender', mail.from],
              ['Outbox', mail.outbox ? `${mail.outbox} (${count(mail.outboxMessages ?? 0)} messages)` : '—'],
              [
                'Contact messages',
                <span>
                  In the{' '}
                  <Link to="/inbox" className="font-medium text-orange-700 hover:underline">
                    Inbox
                  </Link>
                  {mail.supportEmail && mail.transport === 'smtp' ? `, and emailed to ${mail.supportEmail}` : ''}
                </span>,
              ],
            ]}
          />
          {mail.transport === 'outbox' ? (
            <p className="mt-3 text-xs text-zinc-500">Set MAIL_URL (smtp://… or smtps://…) to send email.</p>
          ) : null}
        </Card>
        <Card title="Payment providers">
          <ul className="flex flex-col gap-4">
            {payments.map((p) => (
              <li key={`${p.id}:${p.name}`} className="border-b border-zinc-100 pb-3 last:border-0 last:pb-0">
                <p className="flex items-center gap-2 font-medium">
                  {p.name} {STATUS[p.status]}{' '}
                  <span className="text-xs font-normal text-zinc-500">{p.methods.join(', ')}</span>
                </p>
                <p className="mt-1 text-sm text-zinc-600">{p.detail}</p>
                <p className="mt-1 text-xs text-zinc-500">
                  {count(p.paidLast30Days)} payments in the last 30 days · last {dateTime(p.lastPaymentAt)}
                </p>
              </li>
            ))}
          </ul>
        </Card>
      </div>
    </section>
  );
}
