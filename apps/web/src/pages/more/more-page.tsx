import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../shared/i18n/use-translation';
import { useParams } from 'react-router';
import { homepageQuery } from '../../features/catalog';
import { CatalogGrid, parseId, useSectionSeries } from '../../features/catalog/lazy';
import { useLanguage } from '../../shared/i18n/use-language';
import { ButtonLink } from '../../shared/ui/button';
import { EmptyState } from '../../shared/ui/empty-state';
import { Page } from '../../shared/ui/page';
import { isApiError } from '../../shared/api/client';
import { NotFoundPage } from '../not-found/not-found-page';

/** `/more/{id}`: every series of a home section (its title comes from the home screen's answer). */
export function MorePage() {
  const { t } = useTranslation();
  const sectionId = parseId(useParams().id);
  // Usually already cached from the home screen; otherwise one small request names the section.
  const home = useQuery(homepageQuery(useLanguage()));
  const section = home.data?.sections.find((candidate) => candidate.id === sectionId);
  const series = useSectionSeries(sectionId);
  const title = section?.title ?? t('pages.more');
  // The server answers 404 for a section that does not exist (or no longer does).
  if (sectionId === null || (isApiError(series.error) && series.error.code === 404)) return <NotFoundPage />;
  const empty = (
    <EmptyState className="min-h-60" message={t('browse.sectionEmpty')}>
      <ButtonLink to="/" variant="secondary">
        {t('browse.browseAll')}
      </ButtonLink>
    </EmptyState>
  );

  return (
    <Page name="more" title={title}>
      <CatalogGrid query={series} label={title} empty={empty} ranked={section?.kind === 'trending'} />
    </Page>
  );
}

export { MorePage as Component };
