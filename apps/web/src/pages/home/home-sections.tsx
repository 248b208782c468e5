import type { HomepageSection } from '@episodic/contract';
import { lazy, Suspense } from 'react';
import { useTranslation } from '../../shared/i18n/use-translation';
import { Section } from '../../shared/ui/page';
import { MoreLink, RailSection, RailSkeleton } from './rails';

// The "switch categories" section (tabs, their queries) sits below the first screen: its code loads
// after the home screen, behind a placeholder of the same size.
const LazyCategoriesSection = lazy(() =>
  import('./categories-section').then((module) => ({ default: module.CategoriesSection })),
);

// "Continue watching" loads after the home screen (with the words and styles it needs); it shows nothing
// until then, or ever without history.
const LazyContinueWatching = lazy(() => import('./continue-watching'));

export function ContinueWatching() {
  return (
    <Suspense fallback={null}>
      <LazyContinueWatching />
    </Suspense>
  );
}

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
