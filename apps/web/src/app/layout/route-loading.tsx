import { useTranslation } from 'react-i18next';
import { Spinner } from '../../shared/ui/spinner';

/** Shown in place of a page whose code is still loading; a full screen tall, so the footer stays below the fold until the page arrives (no layout shift). */
export function RouteLoading() {
  const { t } = useTranslation();
  return (
    <div data-route-state="loading" className="flex min-h-dvh items-center justify-center">
      <Spinner label={t('app.loading')} className="size-8" />
    </div>
  );
}
