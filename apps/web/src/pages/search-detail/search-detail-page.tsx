import { useTranslation } from '../../shared/i18n/use-translation';
import { useParams } from 'react-router';
import { normalizeQuery, searchPath } from '../../features/search';
import { SearchResults } from '../../features/catalog/lazy';
import { ButtonLink } from '../../shared/ui/button';
import { EmptyState } from '../../shared/ui/empty-state';
import { SearchIcon } from '../../shared/ui/icons/search';
import { Page } from '../../shared/ui/page';

/**
 * `/searchDetail/{keyword}`: every series matching a keyword, paged. Linked from "See all results" in
 * the search suggestions; the address can also be shared or used in campaigns.
 */
export function SearchDetailPage() {
  const { t } = useTranslation();
  // The router has already decoded the parameter.
  const query = normalizeQuery(useParams().id ?? '');
  return (
    <Page
      name="search-detail"
      title={t('pages.searchDetail')}
      actions={
        <ButtonLink
          to={searchPath(query || undefined)}
          variant="secondary"
          className="min-h-10 px-4"
          aria-label={t('search.label')}
        >
          <SearchIcon className="size-4" />
          {t('search.submit')}
        </ButtonLink>
      }
    >
      {query ? <SearchResults query={query} /> : <EmptyState className="min-h-40" message={t('search.noHistory')} />}
    </Page>
  );
}

export { SearchDetailPage as Component };
