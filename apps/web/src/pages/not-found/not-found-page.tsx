import { useTranslation } from '../../shared/i18n/use-translation';
import { ButtonLink } from '../../shared/ui/button';
import { Page } from '../../shared/ui/page';

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <Page name="not-found" title={t('pages.notFound')}>
      <div className="flex flex-col items-start gap-5">
        <p className="text-6xl font-black tracking-tight text-accent" aria-hidden="true">
          404
        </p>
        <p className="text-fg-muted">{t('notFound.body')}</p>
        <ButtonLink to="/">{t('app.backHome')}</ButtonLink>
      </div>
    </Page>
  );
}

export { NotFoundPage as Component };
