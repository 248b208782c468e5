import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { homepageQuery } from '../../features/catalog/home-queries';
import { useLanguage } from '../../shared/i18n/use-language';
import { EmptyState } from '../../shared/ui/empty-state';
import { ErrorState } from '../../shared/ui/error-state';
import { Page } from '../../shared/ui/page';
import { FeaturedCarousel } from './featured-carousel';
import { CategoriesSection, HomeSkeleton, RailSection } from './home-sections';

export function HomePage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const home = useQuery(homepageQuery(language));
  const sections = home.data?.sections.filter((section) => section.items.length > 0 || (section.tabs?.length ?? 0) > 0) ?? [];

  return (
    <Page name="home" title={t('pages.home')} documentTitle={t('app.tagline')} hideHeading>
      {home.isPending ? (
        <HomeSkeleton />
      ) : home.isError ? (
        <ErrorState
          className="min-h-[60dvh]"
          message={t('home.error')}
          onRetry={() => {
            void home.refetch();
          }}
        />
      ) : home.data.featured.length === 0 && sections.length === 0 ? (
        <EmptyState className="min-h-60" message={t('home.empty')} />
      ) : (
        <>
          <FeaturedCarousel items={home.data.featured} />
          {sections.map((section) =>
            section.kind === 'categories' ? <CategoriesSection key={section.id} section={section} /> : <RailSection key={section.id} section={section} />,
          )}
        </>
      )}
    </Page>
  );
}

export { HomePage as Component };
