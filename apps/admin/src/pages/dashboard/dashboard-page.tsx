import { useMemo, useState } from 'react';
import { useDashboard } from '../../features/system';
import { isoDay, longDate } from '../../shared/format';
import { Button, ErrorState, Loading, PageHeader } from '../../shared/ui';
import { TextInput, formErrors } from '../../shared/form-fields';
import { isApiError } from '../../shared/api';
import { param, useUrlState } from '../../shared/url-state';
import { DashboardFigures } from './dashboard-figures';

const PRESETS = [
  { label: '7 days', days: 7 },
  { label: '30 days', days: 30 },
  { label: '90 days', days: 90 },
];

const period = (from: string, to: string) => `${longDate(from)} – ${longDate(to)}`;

/** The business at a glance for a chosen period. */
export function DashboardPage() {
  // The period lives in the address (Back, reload and a shared link show the same period); with none
  // there, the last 30 days as of when the page opened.
  const view = useMemo(() => ({ from: param.day(isoDay(-29)), to: param.day(isoDay(0)) }), []);
  const [range, setRange] = useUrlState(view);
  const [typed, setTyped] = useState<{ for: string; from: string; to: string } | null>(null);
  const shown = `${range.from}|${range.to}`;
  // The date fields follow the address until the operator edits them.
  const draft = typed?.for === shown ? typed : range;
  const setDraft = (next: { from: string; to: string }) => {
    setTyped({ ...next, for: shown });
  };
  const query = useDashboard(range.from, range.to);
  // The server judges the period (order, length, real dates); its refusal is shown on the field it names.
  const refused = query.isError && isApiError(query.error) && query.error.code === 422;
  const served = refused ? formErrors(query.error).fields : {};
  // A date the address can't hold (empty, or a day that does not exist) is refused here, on its field.
  const [local, setLocal] = useState<Record<string, string>>({});
  const fields = { ...served, ...local };
  const show = (next: { from: string; to: string }) => {
    const day = param.day();
    const wrong: Record<string, string> = {};
    for (const key of ['from', 'to'] as const)
      if (day.read(next[key]) === undefined) wrong[key] = 'Enter a date that exists, as YYYY-MM-DD.';
    setLocal(wrong);
    if (Object.keys(wrong).length) return;
    setTyped(null);
    setRange(next);
  };
  return (
    <section>
      <PageHeader
        title="Dashboard"
        description={
          query.data
            ? `${period(query.data.from, query.data.to)} (UTC days)`
            : refused
              ? 'No period shown'
              : period(range.from, range.to)
        }
      />
      <form
        noValidate
        className="mb-6 flex flex-wrap items-start gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          show({ from: draft.from, to: draft.to });
          if (draft.from === range.from && draft.to === range.to) void query.refetch();
        }}
      >
        <div className="mt-6 flex items-center gap-3">
          {PRESETS.map((p) => (
            <Button key={p.days} size="sm" onClick={() => show({ from: isoDay(1 - p.days), to: isoDay(0) })}>
              Last {p.label}
            </Button>
          ))}
          <span className="mx-2 h-6 w-px bg-zinc-300" />
        </div>
        <TextInput
          label="From"
          type="date"
          value={draft.from}
          max={draft.to}
          onChange={(e) => {
            setDraft({ ...draft, from: e.target.value });
          }}
          className="w-44"
          error={fields.from}
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
          error={fields.to}
        />
        <Button type="submit" variant="primary" className="mt-6">
          Show
        </Button>
      </form>
      {query.isPending ? (
        <div aria-busy="true">
          <Loading label={`Loading the figures for ${period(range.from, range.to)}…`} />
        </div>
      ) : refused ? (
        <p className="rounded-xl bg-white p-5 text-sm text-zinc-600 ring-1 ring-zinc-200">
          Choose a period the dashboard can show: see the highlighted date.
        </p>
      ) : query.isError ? (
        <ErrorState error={query.error} retry={() => void query.refetch()} />
      ) : (
        <DashboardFigures data={query.data} />
      )}
    </section>
  );
}
