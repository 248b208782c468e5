import { useTranslation } from '../../shared/i18n/use-translation';
import { Link } from '../../shared/links/link';
import { useTags } from '../../features/catalog';
import { Dialog } from '../../shared/ui/dialog';
import { ErrorState } from '../../shared/ui/error-state';
import { EmptyState } from '../../shared/ui/empty-state';
import { Skeleton } from '../../shared/ui/spinner';

interface CategorySheetProps {
  onClose: () => void;
}

/** Bottom sheet listing the categories (`GET /api/tag`); each opens its browse page. */
export function CategorySheet({ onClose }: CategorySheetProps) {
  const { t } = useTranslation();
  const tags = useTags(true);
  return (
    <Dialog variant="sheet" title={t('categories.title')} onClose={onClose}>
      {tags.isPending ? (
        <div role="status" aria-label={t('categories.loading')} className="grid grid-cols-2 gap-2">
          {Array.from({ length: 8 }, (_, i) => (
            <Skeleton key={i} className="h-11 rounded-full" />
          ))}
        </div>
      ) : tags.isError ? (
        <ErrorState
          message={t('categories.error')}
          onRetry={() => {
            void tags.refetch();
          }}
        />
      ) : tags.data.length === 0 ? (
        <EmptyState message={t('categories.empty')} />
      ) : (
        <ul className="grid grid-cols-2 gap-2">
          {tags.data.map((tag) => (
            <li key={tag.id}>
              <Link
                to={`/browse/${encodeURIComponent(String(tag.id))}`}
                onClick={onClose}
                className="flex min-h-11 items-center justify-center rounded-full bg-surface-2 px-4 py-1 text-center text-sm leading-tight text-fg ring-1 ring-white/10 hover:ring-accent focus-visible:outline-2 focus-visible:outline-accent"
              >
                <span className="line-clamp-2 break-words">{tag.name}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </Dialog>
  );
}
