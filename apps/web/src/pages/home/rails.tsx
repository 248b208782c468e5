import type { HomepageSection, SeriesCard } from '@episodic/contract';
import type { ReactNode } from 'react';
import { useTranslation } from '../../shared/i18n/use-translation';
import { Link } from '../../shared/links/link';
import { CatalogCard } from '../../features/catalog';
import { SeriesCardSkeleton } from '../../shared/ui/series-card';
import { ChevronRightIcon } from '../../shared/ui/icons/chevron-right';
import { Rail } from '../../shared/ui/rail';
import { Section } from '../../shared/ui/page';

/** The home screen's rails of series cards, used by its sections and by the lazily loaded category tabs. */

const CARD_WIDTH = 'w-28';
/** A ranked card: its number's column beside a cover (a little wider than the others: trending stands out). */
const RANKED_CARD_WIDTH = 'w-40';

export function MoreLink({ to, title }: { to: string; title: string }) {
  const { t } = useTranslation();
  return (
    <Link
      to={to}
      aria-label={t('home.moreOf', { title })}
      className="-mr-2 inline-flex min-h-9 items-center gap-0.5 rounded-full px-2 text-sm font-medium text-fg-muted hover:text-fg focus-visible:outline-2 focus-visible:outline-accent"
    >
      {t('home.more')}
      <ChevronRightIcon className="size-4" />
    </Link>
  );
}

/** A rail of cards; `ranked` numbers them (trending). Its height is the same while loading. */
export function SeriesRail({
  label,
  items,
  ranked = false,
}: {
  label: string;
  items: readonly SeriesCard[];
  ranked?: boolean;
}) {
  return (
    <Rail
      label={label}
      items={items}
      getKey={(series) => series.id}
      itemClassName={ranked ? RANKED_CARD_WIDTH : CARD_WIDTH}
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
  return (
    <div className="flex h-[13.6rem] items-center justify-center rounded-2xl border border-dashed border-white/10 px-4 text-center text-sm text-fg-muted">
      {children}
    </div>
  );
}

/** A curated, trending or newest section: its rail and a link to all of it. */
export function RailSection({ section }: { section: HomepageSection }) {
  return (
    <Section title={section.title} action={<MoreLink to={`/more/${String(section.id)}`} title={section.title} />}>
      <SeriesRail label={section.title} items={section.items} ranked={section.kind === 'trending'} />
    </Section>
  );
}
