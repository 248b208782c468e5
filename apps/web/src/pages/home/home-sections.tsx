import type { HomepageSection, SeriesCard } from '@episodic/contract';
import { lazy, Suspense, type ReactNode } from 'react';
import { useTranslation } from '../../shared/i18n/use-translation';
import { Link } from '../../shared/links/link';
import { CatalogCard } from '../../features/catalog/catalog-card';
import { SeriesCardSkeleton } from '../../features/catalog/series-card';
import { Rail } from '../../shared/ui/rail';
import { Section } from '../../shared/ui/page';

const CARD_WIDTH = 'w-28';

export function MoreLink({ to, title }: { to: string; title: string }) {
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

export function EmptyRail({ children }: { children: ReactNode }) {
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

// The "switch categories" section (tabs, their queries) sits below the first screen: its code loads
// after the home screen, behind a placeholder of the same size.
const LazyCategoriesSection = lazy(() => import('./categories-section').then((module) => ({ default: module.CategoriesSection })));

/** The "switch categories" section, with its title and footprint shown while its code loads. */
export function CategoriesSection({ section }: { section: HomepageSection }) {
  const first = section.tabs?.[0];
  if (!first) return <RailSection section={section} />;
  const placeholder = (
    <Section title={section.title} action={<MoreLink to={`/browse/${String(first.id)}`} title={first.name} />}>
      <div aria-hidden="true" className="-mx-4 flex gap-2 overflow-hidden px-4">
        {Array.from({ length: 4 }, (_, index) => (
          <span key={index} className="skeleton h-9 w-24 shrink-0 rounded-full" />
        ))}
      </div>
      <RailSkeleton />
    </Section>
  );
  return (
    <Suspense fallback={placeholder}>
      <LazyCategoriesSection section={section} />
    </Suspense>
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
