import { useQuery } from '@tanstack/react-query';
import { useDeferredValue } from 'react';
import { useTranslation } from '../../shared/i18n/use-translation';
import { homepageQuery } from '../../features/catalog';
import { useLanguage } from '../../shared/i18n/use-language';
import { EmptyState } from '../../shared/ui/empty-state';
import { ErrorState } from '../../shared/ui/error-state';
import { Page } from '../../shared/ui/page';
import { FeaturedCarousel } from './featured-carousel';
import { CategoriesSection, ContinueWatching, HomeSkeleton } from './home-sections';
import { RailSection } from './rails';

export function HomePage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const home = useQuery(homepageQuery(language));
  // The answer is drawn in a transition: the carousel and rails render in slices between the browser's
  // own work instead of in one long task (the skeleton stays up meanwhile).
  const data = useDeferredValue(home.data);
  const sections =
    data?.sections.filter((section) => section.items.length > 0 || (section.tabs?.length ?? 0) > 0) ?? [];

  return (
    <Page name="home" title={t('pages.home')} documentTitle={t('app.tagline')} hideHeading>
      {home.isError && !data ? (
        <ErrorState
          className="min-h-[60dvh]"
          message={t('home.error')}
          onRetry={() => {
            void home.refetch();
          }}
        />
      ) : !data ? (
        <HomeSkeleton />
      ) : data.featured.length === 0 && sections.length === 0 ? (
        <EmptyState className="min-h-60" message={t('home.empty')} />
      ) : (
        <>
          <FeaturedCarousel items={data.featured} />
          <ContinueWatching />
          {sections.map((section) =>
            section.kind === 'categories' ? (
              <CategoriesSection key={section.id} section={section} />
            ) : (
              <RailSection key={section.id} section={section} />
            ),
          )}
        </>
      )}
    </Page>
  );
}

export { HomePage as Component };
