import type { HomepageSection, SeriesCard } from '@episodic/contract';
import { useQuery } from '@tanstack/react-query';
import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from '../../shared/i18n/use-translation';
import { Link } from '../../shared/links/link';
import { CatalogCard } from '../../features/catalog/catalog-card';
import { categoryTabQuery } from '../../features/catalog/home-queries';
import { SeriesCardSkeleton } from '../../features/catalog/series-card';
import { useLanguage } from '../../shared/i18n/use-language';
import { ErrorState } from '../../shared/ui/error-state';
import { Rail } from '../../shared/ui/rail';
import { Section } from '../../shared/ui/page';

const CARD_WIDTH = 'w-28';

function MoreLink({ to, title }: { to: string; title: string }) {
  const { t } = useTranslation();
  return (
    <Link
      to={to}
      aria-label={t('home.moreOf', { title })}
      className="-mr-2 inline-flex min-h-9 items-center gap-0.5 rounded-full px-2 text-sm font-medium text-fg-muted hover:text-fg focus-visible:outline-2 focus-visible:outline-accent"
    >
      {t('home.more')}
      <svg aria-hidden="true" viewBox="0 0 24 24" className="size-4" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
        <path d="m9 6 6 6-6 6" />
      </svg>
    </Link>
  );
}

/** A rail of cards; `ranked` numbers them (trending). Its height is the same while loading. */
export function SeriesRail({ label, items, ranked = false }: { label: string; items: readonly SeriesCard[]; ranked?: boolean }) {
  return (
    <Rail
      label={label}
      items={items}
      getKey={(series) => series.id}
      itemClassName={CARD_WIDTH}
      renderItem={(series) => <CatalogCard series={series} rank={ranked ? items.indexOf(series) + 1 : undefined} />}
    />
  );
}

export function RailSkeleton() {
  return (
    <div aria-hidden="true" className="-mx-4 flex gap-3 overflow-hidden px-4 pb-1">
      {Array.from({ length: 4 }, (_, index) => (
        <div key={index} className={`shrink-0 ${CARD_WIDTH}`}>
          <SeriesCardSkeleton />
        </div>
      ))}
    </div>
  );
}

function EmptyRail({ children }: { children: ReactNode }) {
  // As tall as a rail of cards, so switching to an empty tab does not move what follows.
  return <div className="flex h-[13.6rem] items-center justify-center rounded-2xl border border-dashed border-white/10 px-4 text-center text-sm text-fg-muted">{children}</div>;
}

/** A curated, trending or newest section: its rail and a link to all of it. */
export function RailSection({ section }: { section: HomepageSection }) {
  return (
    <Section title={section.title} action={<MoreLink to={`/more/${String(section.id)}`} title={section.title} />}>
      <SeriesRail label={section.title} items={section.items} ranked={section.kind === 'trending'} />
    </Section>
  );
}

function CategoryPanel({ section, tagId, tagName }: { section: HomepageSection; tagId: number; tagName: string }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const first = section.tabs?.[0]?.id === tagId;
  // The first tab's cards came with the home screen; the others are asked for when chosen.
  const tab = useQuery({ ...categoryTabQuery(section.id, tagId, language), enabled: !first });
  if (first) return section.items.length ? <SeriesRail label={tagName} items={section.items} /> : <EmptyRail>{t('home.emptyCategory')}</EmptyRail>;
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
  return tab.data.length ? <SeriesRail label={tagName} items={tab.data} /> : <EmptyRail>{t('home.emptyCategory')}</EmptyRail>;
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
    const moves: Record<string, number> = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: tabs.length - 1 };
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

/** The home screen's footprint while it loads: carousel, then three rails. */
export function HomeSkeleton() {
  const { t } = useTranslation();
  return (
    <div role="status" aria-label={t('app.loading')} className="flex flex-col gap-6">
      <div className="flex flex-col gap-2">
        <span className="skeleton block aspect-[16/10] rounded-2xl" />
        <span className="h-6" />
      </div>
      {Array.from({ length: 3 }, (_, index) => (
        <div key={index} className="flex flex-col gap-3">
          <span className="flex h-7 items-center">
            <span className="skeleton block h-5 w-40 rounded-md" />
          </span>
          <RailSkeleton />
        </div>
      ))}
    </div>
  );
}
