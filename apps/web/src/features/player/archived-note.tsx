import { useTranslation } from '../../shared/i18n/use-translation';

/** Said of a series taken out of the catalog: the viewer still has what they unlocked, nothing is for sale. */
export function ArchivedNote() {
  const { t } = useTranslation();
  return (
    <p role="note" data-testid="archived-note" className="rounded-xl bg-surface-2 px-3 py-2 text-sm text-fg-muted">
      {t('player.archivedNote')}
    </p>
  );
}
