import type { HomepageSection } from '@episodic/contract';
import { useQuery } from '@tanstack/react-query';
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { categoryTabQuery } from '../../features/catalog';
import { useLanguage } from '../../shared/i18n/use-language';
import { useTranslation } from '../../shared/i18n/use-translation';
import { ErrorState } from '../../shared/ui/error-state';
import { Section } from '../../shared/ui/page';
import { EmptyRail, MoreLink, RailSection, RailSkeleton, SeriesRail } from './rails';

function CategoryPanel({ section, tagId, tagName }: { section: HomepageSection; tagId: number; tagName: string }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const first = section.tabs?.[0]?.id === tagId;
  // The first tab's cards came with the home screen; the others are asked for when chosen.
  const tab = useQuery({ ...categoryTabQuery(section.id, tagId, language), enabled: !first });
  if (first)
    return section.items.length ? (
      <SeriesRail label={tagName} items={section.items} />
    ) : (
      <EmptyRail>{t('home.emptyCategory')}</EmptyRail>
    );
  if (tab.isPending) return <RailSkeleton />;
  if (tab.isError) {
    return (
      <ErrorState
        className="h-[13.6rem] rounded-2xl bg-surface"
        message={t('home.railError')}
        onRetry={() => {
          void tab.refetch();
        }}
      />
    );
  }
  return tab.data.length ? (
    <SeriesRail label={tagName} items={tab.data} />
  ) : (
    <EmptyRail>{t('home.emptyCategory')}</EmptyRail>
  );
}

/** The "switch categories" section: a tab per category, each showing that category's rail. */
export function CategoriesSection({ section }: { section: HomepageSection }) {
  const tabs = section.tabs ?? [];
  const baseId = useId();
  const [activeId, setActiveId] = useState(tabs[0]?.id);
  const tabRefs = useRef(new Map<number, HTMLButtonElement>());
  const active = tabs.find((tab) => tab.id === activeId) ?? tabs[0];
  if (!active) return <RailSection section={section} />;

  const select = (index: number) => {
    const tab = tabs[(index + tabs.length) % tabs.length];
    if (!tab) return;
    setActiveId(tab.id);
    tabRefs.current.get(tab.id)?.focus();
  };
  // Arrow keys, Home and End move between tabs (WAI-ARIA tabs pattern, automatic activation).
  const onKeyDown = (event: KeyboardEvent) => {
    const index = tabs.indexOf(active);
    const moves: Record<string, number> = {
      ArrowRight: index + 1,
      ArrowLeft: index - 1,
      Home: 0,
      End: tabs.length - 1,
    };
    const next = moves[event.key];
    if (next === undefined) return;
    event.preventDefault();
    select(next);
  };

  return (
    <Section title={section.title} action={<MoreLink to={`/browse/${String(active.id)}`} title={active.name} />}>
      <div
        role="tablist"
        aria-label={section.title}
        onKeyDown={onKeyDown}
        className="-mx-4 flex gap-2 overflow-x-auto px-4 [scrollbar-width:none] [&::-webkit-scrollbar]:hidden"
      >
        {tabs.map((tab) => {
          const selected = tab.id === active.id;
          return (
            <button
              key={tab.id}
              ref={(node) => {
                if (node) tabRefs.current.set(tab.id, node);
                else tabRefs.current.delete(tab.id);
              }}
              type="button"
              role="tab"
              id={`${baseId}-tab-${String(tab.id)}`}
              aria-selected={selected}
              aria-controls={`${baseId}-panel`}
              tabIndex={selected ? 0 : -1}
              onClick={() => {
                setActiveId(tab.id);
              }}
              className={`h-9 shrink-0 rounded-full px-4 text-sm font-medium whitespace-nowrap transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent ${
                selected ? 'bg-fg text-bg' : 'bg-surface-2 text-fg-muted ring-1 ring-white/10 hover:text-fg'
              }`}
            >
              {tab.name}
            </button>
          );
        })}
      </div>
      <div role="tabpanel" id={`${baseId}-panel`} aria-labelledby={`${baseId}-tab-${String(active.id)}`}>
        <CategoryPanel key={active.id} section={section} tagId={active.id} tagName={active.name} />
      </div>
    </Section>
  );
}
