import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../shared/i18n/use-translation';
import { useParams } from 'react-router';
import { homepageQuery } from '../../features/catalog';
import { CatalogGrid, parseId, useSectionSeries } from '../../features/catalog/lazy';
import { useLanguage } from '../../shared/i18n/use-language';
import { ButtonLink } from '../../shared/ui/button';
import { EmptyState } from '../../shared/ui/empty-state';
import { Page } from '../../shared/ui/page';

/** `/more/{id}`: every series of a home section (its title comes from the home screen's answer). */
export function MorePage() {
  const { t } = useTranslation();
  const sectionId = parseId(useParams().id);
  // Usually already cached from the home screen; otherwise one small request names the section.
  const home = useQuery(homepageQuery(useLanguage()));
  const section = home.data?.sections.find((candidate) => candidate.id === sectionId);
  const series = useSectionSeries(sectionId);
  const title = section?.title ?? t('pages.more');
  const empty = (
    <EmptyState className="min-h-60" message={t('browse.sectionEmpty')}>
      <ButtonLink to="/" variant="secondary">
        {t('browse.browseAll')}
      </ButtonLink>
    </EmptyState>
  );

  return (
    <Page name="more" title={title}>
      {sectionId === null ? (
        empty
      ) : (
        <CatalogGrid query={series} label={title} empty={empty} ranked={section?.kind === 'trending'} />
      )}
    </Page>
  );
}

export { MorePage as Component };
