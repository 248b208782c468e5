import { useState } from 'react';
import { useDashboard } from '../../features/system';
import { isoDay, longDate } from '../../shared/format';
import { Button, ErrorState, Loading, PageHeader } from '../../shared/ui';
import { TextInput, formErrors } from '../../shared/form-fields';
import { isApiError } from '../../shared/api';
import { DashboardFigures } from './dashboard-figures';

const PRESETS = [
  { label: '7 days', days: 7 },
  { label: '30 days', days: 30 },
  { label: '90 days', days: 90 },
];

const period = (from: string, to: string) => `${longDate(from)} – ${longDate(to)}`;

/** The business at a glance for a chosen period. */
export function DashboardPage() {
  const [range, setRange] = useState({ from: isoDay(-29), to: isoDay(0) });
  const [draft, setDraft] = useState(range);
  const query = useDashboard(range.from, range.to);
  // The server judges the period (order, length, real dates); its refusal is shown on the field it names.
  const refused = query.isError && isApiError(query.error) && query.error.code === 422;
  const { fields } = refused ? formErrors(query.error) : { fields: {} as Record<string, string> };
  const show = (next: { from: string; to: string }) => {
    setDraft(next);
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
          show(draft);
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
