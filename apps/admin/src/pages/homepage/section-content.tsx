import { useState } from 'react';
import { MoveButtons } from '../../shared/move-buttons';
import { useUnsavedChanges } from '../../shared/unsaved-changes';
import type { AdminSection } from '@episodic/contract';
import { useSeriesList, useTags } from '../../features/content';
import { useSectionMutations } from '../../features/homepage';
import { Badge, Button } from '../../shared/ui';
import { FormMessage, SelectInput, TextInput } from '../../shared/form-fields';

interface Item {
  id: number;
  label: string;
  cover?: string | null;
  hidden?: boolean;
}

function move<T>(list: T[], index: number, by: -1 | 1): T[] {
  const next = [...list];
  const [moved] = next.splice(index, 1);
  next.splice(index + by, 0, moved!);
  return next;
}

/** An ordered list of picks with move and remove buttons. */
function Picks({ items, onChange, empty }: { items: Item[]; onChange: (items: Item[]) => void; empty: string }) {
  if (items.length === 0) return <p className="text-sm text-zinc-500">{empty}</p>;
  return (
    <ol className="flex flex-col gap-1.5">
      {items.map((item, i) => (
        <li key={item.id} className="flex items-center gap-3 rounded-lg bg-zinc-50 px-3 py-1.5 ring-1 ring-zinc-200">
          <span className="w-5 text-xs font-semibold text-zinc-400 tabular-nums">{i + 1}</span>
          {item.cover !== undefined ? (
            item.cover ? (
              <img src={item.cover} alt="" className="h-9 w-7 rounded object-cover" />
            ) : (
              <span className="h-9 w-7 rounded bg-zinc-200" />
            )
          ) : null}
          <span className="flex-1 text-sm font-medium">{item.label}</span>
          {item.hidden ? <Badge tone="orange">Not visible to viewers</Badge> : null}
          <MoveButtons
            rowKey={`pick-${item.id}`}
            label={item.label}
            index={i}
            count={items.length}
            onMove={(by) => {
              onChange(move(items, i, by));
            }}
          />
          <Button
            size="sm"
            variant="ghost"
            aria-label={`Remove ${item.label}`}
            onClick={() => onChange(items.filter((x) => x.id !== item.id))}
          >
            ×
          </Button>
        </li>
      ))}
    </ol>
  );
}

function SeriesPicker({ exclude, onPick }: { exclude: number[]; onPick: (item: Item) => void }) {
  const [q, setQ] = useState('');
  const found = useSeriesList({ page: 1, q, status: '' });
  const options = (found.data?.items ?? []).filter((s) => !exclude.includes(s.id)).slice(0, 8);
  return (
    <div className="mt-3">
      <TextInput
        label="Add a series"
        placeholder="Search by title"
        value={q}
        onChange={(e) => {
          setQ(e.target.value);
        }}
        className="max-w-sm"
      />
      {q.trim() ? (
        <ul className="mt-2 flex max-w-xl flex-wrap gap-2">
          {options.length === 0 ? <li className="text-sm text-zinc-500">No series found.</li> : null}
          {options.map((s) => (
            <li key={s.id}>
              <Button
                size="sm"
                onClick={() => {
                  onPick({ id: s.id, label: s.title, cover: s.cover, hidden: !s.visible });
                  setQ('');
                }}
              >
                + {s.title}
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/** What a section shows: hand-picked series, category tabs, or an automatic list. */
export function SectionContent({ section }: { section: AdminSection }) {
  const { items: saveItems, tags: saveTags } = useSectionMutations();
  const allTags = useTags();
  const initialSeries = section.items.map((s) => ({ id: s.id, label: s.title, cover: s.cover, hidden: !s.visible }));
  const initialTags = section.tags.map((t) => ({ id: t.id, label: t.name }));
  const [series, setSeries] = useState<Item[]>(initialSeries);
  const [tabs, setTabs] = useState<Item[]>(initialTags);
  const [tagToAdd, setTagToAdd] = useState('');
  const ids = (items: Item[]) => JSON.stringify(items.map((item) => item.id));
  const tabsDirty = ids(tabs) !== ids(initialTags);
  const seriesDirty = ids(series) !== ids(initialSeries);
  useUnsavedChanges(section.kind === 'categories' ? tabsDirty : seriesDirty);

  if (section.kind === 'trending')
    return (
      <p className="text-sm text-zinc-600">
        Filled automatically: the most played series of the last 7 days, then of all time.
      </p>
    );
  if (section.kind === 'newest')
    return <p className="text-sm text-zinc-600">Filled automatically: the most recently published series.</p>;

  if (section.kind === 'categories') {
    const dirty = tabsDirty;
    const available = (allTags.data ?? []).filter((t) => !tabs.some((x) => x.id === t.id));
    return (
      <div>
        <FormMessage error={saveTags.error} />
        <Picks items={tabs} onChange={setTabs} empty="No tabs: the section stays hidden." />
        <div className="mt-3 flex items-end gap-2">
          <SelectInput
            label="Add a tab"
            value={tagToAdd}
            onChange={(e) => {
              setTagToAdd(e.target.value);
            }}
            options={[
              { value: '', label: 'Choose a tag…' },
              ...available.map((t) => ({ value: String(t.id), label: t.names.en ?? t.slug })),
            ]}
            className="w-64"
          />
          <Button
            disabled={!tagToAdd}
            onClick={() => {
              const tag = available.find((t) => String(t.id) === tagToAdd);
              if (tag) setTabs([...tabs, { id: tag.id, label: tag.names.en ?? tag.slug }]);
              setTagToAdd('');
            }}
          >
            Add
          </Button>
          <span className="flex-1" />
          <Button
            variant="primary"
            disabled={!dirty || saveTags.isPending}
            onClick={() => saveTags.mutate({ id: section.id, tagIds: tabs.map((t) => t.id) })}
          >
            Save tabs
          </Button>
        </div>
      </div>
    );
  }

  const dirty = seriesDirty;
  return (
    <div>
      <FormMessage error={saveItems.error} />
      <Picks
        items={series}
        onChange={setSeries}
        empty={section.kind === 'featured' ? 'The carousel is empty.' : 'No series picked: the section stays hidden.'}
      />
      <div className="flex items-end justify-between gap-4">
        <SeriesPicker
          exclude={series.map((s) => s.id)}
          onPick={(item) => {
            setSeries([...series, item]);
          }}
        />
        <Button
          variant="primary"
          disabled={!dirty || saveItems.isPending}
          onClick={() => saveItems.mutate({ id: section.id, seriesIds: series.map((s) => s.id) })}
        >
          {section.kind === 'featured' ? 'Save carousel' : 'Save series'}
        </Button>
      </div>
    </div>
  );
}
