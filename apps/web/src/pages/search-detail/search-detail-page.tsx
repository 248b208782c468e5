import { useTranslation } from '../../shared/i18n/use-translation';
import { useParams } from 'react-router';
import { MAX_QUERY_LENGTH, normalizeQuery, searchPath } from '../../features/search';
import { SearchResults } from '../../features/catalog/lazy';
import { ButtonLink } from '../../shared/ui/button';
import { SearchIcon } from '../../shared/ui/icons/search';
import { Page } from '../../shared/ui/page';
import { NotFoundPage } from '../not-found/not-found-page';

/**
 * `/searchDetail/{keyword}`: every series matching a keyword, paged. Linked from "See all results" in
 * the search suggestions; the address can also be shared or used in campaigns.
 */
export function SearchDetailPage() {
  const { t } = useTranslation();
  // The router has already decoded the parameter. A keyword longer than the API takes is searched by its
  // first MAX_QUERY_LENGTH characters.
  const query = normalizeQuery(normalizeQuery(useParams().id ?? '').slice(0, MAX_QUERY_LENGTH));
  // An address with no keyword (`/searchDetail/%20`) names no search. A keyword without results is a
  // search page that says so, with a way to search again.
  if (!query) return <NotFoundPage />;
  return (
    <Page
      name="search-detail"
      title={t('pages.searchDetail')}
      actions={
        <ButtonLink to={searchPath(query)} variant="secondary" className="min-h-10 px-4" aria-label={t('search.label')}>
          <SearchIcon className="size-4" />
          {t('search.submit')}
        </ButtonLink>
      }
    >
      <SearchResults query={query} />
    </Page>
  );
}

export { SearchDetailPage as Component };
