import { useTranslation } from '../../shared/i18n/use-translation';
import { useParams } from 'react-router';
import { Link } from '../../shared/links/link';
import { useTags } from '../../features/catalog';
import { CatalogGrid, parseId, useCategorySeries } from '../../features/catalog/lazy';
import { ButtonLink } from '../../shared/ui/button';
import { EmptyState } from '../../shared/ui/empty-state';
import { Page } from '../../shared/ui/page';
import { NotFoundPage } from '../not-found/not-found-page';

/** `/browse/{id}`: one category's series, with the other categories a tap away. */
export function BrowsePage() {
  const { t } = useTranslation();
  const tagId = parseId(useParams().id);
  const tags = useTags(true);
  const series = useCategorySeries(tagId);
  const tag = tags.data?.find((candidate) => candidate.id === tagId);
  const title = tag?.name ?? t('pages.browse');
  // A category the list does not name does not exist (or no longer does).
  if (tagId === null || (tags.isSuccess && !tag)) return <NotFoundPage />;
  const empty = (
    <EmptyState className="min-h-60" message={t('browse.empty')}>
      <ButtonLink to="/" variant="secondary">
        {t('browse.browseAll')}
      </ButtonLink>
    </EmptyState>
  );

  return (
    <Page name="browse" title={title}>
      {tags.data && tags.data.length > 1 ? (
        <nav aria-label={t('browse.categories')} className="-mx-4 -mt-2">
          <ul className="flex gap-2 overflow-x-auto px-4 pb-1 [scrollbar-width:none] [&::-webkit-scrollbar]:hidden">
            {tags.data.map((candidate) => {
              const current = candidate.id === tagId;
              return (
                <li key={candidate.id} className="shrink-0">
                  <Link
                    to={`/browse/${String(candidate.id)}`}
                    replace
                    aria-current={current ? 'page' : undefined}
                    className={`flex h-9 items-center rounded-full px-4 text-sm font-medium whitespace-nowrap focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent ${
                      current ? 'bg-fg text-bg' : 'bg-surface-2 text-fg-muted ring-1 ring-white/10 hover:text-fg'
                    }`}
                  >
                    {candidate.name}
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>
      ) : null}
      <CatalogGrid query={series} label={title} empty={empty} />
    </Page>
  );
}

export { BrowsePage as Component };
