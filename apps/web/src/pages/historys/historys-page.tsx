import { useTranslation } from '../../shared/i18n/use-translation';
import { HistoryRow, HistoryRowSkeleton, useHistory } from '../../features/library';
import { ButtonLink } from '../../shared/ui/button';
import { EmptyState } from '../../shared/ui/empty-state';
import { PagedList } from '../../shared/ui/paged-list';
import { Page } from '../../shared/ui/page';

/** Continue watching: every series the viewer started, most recent first, each opening where it stopped. */
export function HistorysPage() {
  const { t } = useTranslation();
  const history = useHistory();
  return (
    <Page name="historys" title={t('pages.historys')}>
      <PagedList
        query={history}
        layout="list"
        label={t('library.history.label')}
        getKey={(entry) => entry.series.id}
        renderItem={(entry) => <HistoryRow entry={entry} />}
        renderSkeleton={() => <HistoryRowSkeleton />}
        skeletonCount={6}
        empty={
          <EmptyState className="min-h-60" message={t('library.history.empty')}>
            <ButtonLink to="/">{t('library.discover')}</ButtonLink>
          </EmptyState>
        }
        errorMessage={t('library.history.error')}
      />
    </Page>
  );
}

export { HistorysPage as Component };
