import type { ReactNode } from 'react';
import type { ApiData } from '@episodic/api-client';
import { useImpact } from '../../features/content';
import { count } from '../../shared/format';
import { Button, ErrorState, Loading } from '../../shared/ui';
import { FormMessage } from '../../shared/form-fields';
import { Dialog } from '../../shared/dialogs';

type Impact = ApiData<'/api/admin/series/{id}/impact', 'get'>;
export type LeaveAction = 'unpublish' | 'archive';

const viewers = (n: number) => `${count(n)} ${n === 1 ? 'viewer' : 'viewers'}`;
const plural = (n: number, one: string, many: string) => `${count(n)} ${n === 1 ? one : many}`;

/**
 * Who notices an item leaving the app, one plain sentence each. Unpublishing takes everything away
 * (paid episodes included, without a refund); archiving keeps each viewer's unlocked episodes playing.
 */
export function impactSentences(impact: Impact, action: LeaveAction): string[] {
  const it = impact.target === 'series' ? 'the series' : 'the episode';
  if (!impact.live && impact.unlockers === 0)
    return [`Viewers cannot see ${it} now and nobody unlocked it, so nobody is affected.`];
  const lines: string[] = [];
  if (impact.lastLiveEpisode)
    lines.push('This is the only episode viewers can watch: the whole series leaves the app with it.');
  if (impact.members > 0)
    lines.push(`${plural(impact.members, 'active member', 'active members')} can watch it today and will lose it.`);
  if (impact.unlockers > 0) {
    const paid = `${viewers(impact.unlockers)} unlocked ${impact.target === 'series' ? 'its episodes' : 'it'} (${plural(impact.coinsSpent, 'coin', 'coins')} spent)`;
    lines.push(
      action === 'archive'
        ? `${paid}: they keep watching what they unlocked. No coins are refunded.`
        : `${paid}: they lose ${impact.target === 'series' ? 'those episodes' : 'it'} and get no coins back. Archive instead to let them keep ${impact.target === 'series' ? 'them' : 'it'}.`,
    );
  }
  const has = (n: number) => (n === 1 ? 'has' : 'have');
  const is = (n: number) => (n === 1 ? 'is' : 'are');
  if (impact.inLists > 0)
    lines.push(`${viewers(impact.inLists)} ${has(impact.inLists)} the series in My list; it leaves their list.`);
  if (impact.watching > 0)
    lines.push(`${viewers(impact.watching)} ${is(impact.watching)} part-way through it; it leaves Continue watching.`);
  if (impact.homepage.length > 0) {
    const places = impact.homepage.map((p) => `${p.title} (place ${p.position}${p.active ? '' : ', section hidden'})`);
    lines.push(
      `It stops showing in ${plural(impact.homepage.length, 'homepage place', 'homepage places')}: ${places.join(', ')}.` +
        (action === 'archive' ? ' The places are kept for a restore.' : ''),
    );
  }
  if (lines.length === 0) lines.push(`Nobody is affected: no member, buyer, list or homepage place has ${it}.`);
  return lines;
}

function Warnings({ items }: { items: readonly string[] }) {
  if (items.length === 0) return null;
  return (
    <ul className="flex flex-col gap-1 rounded-lg bg-orange-50 px-3 py-2 text-sm text-orange-800 ring-1 ring-orange-200">
      {items.map((w) => (
        <li key={w}>{w}</li>
      ))}
    </ul>
  );
}

function ConfirmFrame({
  title,
  submitLabel,
  danger,
  pending,
  ready,
  error,
  onConfirm,
  onClose,
  children,
}: {
  title: string;
  submitLabel: string;
  danger?: boolean;
  pending: boolean;
  ready: boolean;
  error: unknown;
  onConfirm: () => void;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <Dialog
      title={title}
      onClose={onClose}
      footer={
        <>
          <Button onClick={onClose}>Cancel</Button>
          <Button variant={danger ? 'danger' : 'primary'} disabled={pending || !ready} onClick={onConfirm}>
            {submitLabel}
          </Button>
        </>
      }
    >
      <div className="flex flex-col gap-3">
        <FormMessage error={error} />
        {children}
      </div>
    </Dialog>
  );
}

/** Asks before unpublishing or archiving, naming who notices (read from the server as the dialog opens). */
export function LeaveDialog({
  target,
  id,
  name,
  action,
  warnings = [],
  pending,
  error,
  onConfirm,
  onClose,
}: {
  target: 'series' | 'episode';
  id: number;
  name: string;
  action: LeaveAction;
  warnings?: readonly string[];
  pending: boolean;
  error: unknown;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const impact = useImpact(target, id);
  const verb = action === 'archive' ? 'Archive' : 'Unpublish';
  return (
    <ConfirmFrame
      title={`${verb} ${name}?`}
      submitLabel={`${verb} ${target}`}
      danger
      pending={pending}
      ready={impact.isSuccess}
      error={error}
      onConfirm={onConfirm}
      onClose={onClose}
    >
      <p className="text-sm text-zinc-700">
        {action === 'archive'
          ? 'Archiving takes it out of the catalog, search, the homepage and lists for everyone who has not unlocked it. You can restore it later, as it was.'
          : 'Unpublishing turns it back into a draft: nobody can watch it, not even viewers who paid for it.'}
      </p>
      {impact.isPending ? (
        <Loading label="Counting who is affected…" />
      ) : impact.isError ? (
        <ErrorState error={impact.error} retry={() => void impact.refetch()} />
      ) : (
        <ul aria-label="Who is affected" className="flex list-disc flex-col gap-1 pl-5 text-sm text-zinc-800">
          {impactSentences(impact.data, action).map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      )}
      <Warnings items={warnings} />
    </ConfirmFrame>
  );
}

/** Asks before publishing when the numbering would leave viewers a gap (it warns; it does not forbid). */
export function PublishDialog({
  name,
  warnings,
  pending,
  error,
  onConfirm,
  onClose,
}: {
  name: string;
  warnings: readonly string[];
  pending: boolean;
  error: unknown;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <ConfirmFrame
      title={`Publish ${name}?`}
      submitLabel="Publish anyway"
      pending={pending}
      ready
      error={error}
      onConfirm={onConfirm}
      onClose={onClose}
    >
      <Warnings items={warnings} />
      <p className="text-sm text-zinc-700">
        You can publish now and fill the gap later, or cancel and publish in order.
      </p>
    </ConfirmFrame>
  );
}
