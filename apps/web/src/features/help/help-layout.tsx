import type { ReactNode } from 'react';
import { useTranslation } from '../../shared/i18n/use-translation';
import { Link } from '../../shared/links/link';
import { formatDate } from '../../shared/format/date';
import { useLanguage } from '../../shared/i18n/use-language';
import { POLICY_LINKS, type PolicyPage } from '../../shared/links/policy-links';
import { ErrorState } from '../../shared/ui/error-state';
import { ChevronRightIcon } from '../../shared/ui/icons/chevron-right';
import { Page } from '../../shared/ui/page';
import { Skeleton } from '../../shared/ui/spinner';
import { useHelpContent, type HelpContent } from './help-content';

/** The other policy and help pages, at the foot of each. */
function MoreHelp({ current }: { current: PolicyPage }) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('help.moreHelp')} className="mt-2 flex flex-col gap-2">
      <h2 className="text-base font-semibold text-fg">{t('help.moreHelp')}</h2>
      <ul className="divide-y divide-white/5 overflow-hidden rounded-2xl bg-surface">
        {POLICY_LINKS.filter((link) => link.page !== current).map((link) => (
          <li key={link.to}>
            <Link
              to={link.to}
              className="flex min-h-12 items-center justify-between px-4 text-sm text-fg hover:bg-white/5 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-accent"
            >
              {t(`pages.${link.page}`)}
              <ChevronRightIcon className="size-4 text-fg-subtle" />
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function TextSkeleton() {
  const { t } = useTranslation();
  return (
    <div role="status" aria-label={t('app.loading')} className="flex min-h-[60dvh] flex-col gap-3">
      <Skeleton className="h-4 w-1/3" />
      {Array.from({ length: 8 }, (_, index) => (
        <Skeleton key={index} className={`h-4 ${index % 3 === 2 ? 'w-2/3' : 'w-full'}`} />
      ))}
    </div>
  );
}

interface HelpLayoutProps {
  /** `data-page` name. */
  name: string;
  page: PolicyPage;
  children: (content: HelpContent) => ReactNode;
}

/** A policy or help page: title, the texts of the interface language (loaded on demand), links to the others. */
export function HelpLayout({ name, page, children }: HelpLayoutProps) {
  const { t } = useTranslation();
  const content = useHelpContent();
  const language = useLanguage();
  return (
    <Page name={name} title={t(`pages.${page}`)}>
      {content.isPending ? (
        <TextSkeleton />
      ) : content.isError ? (
        <ErrorState
          className="min-h-[40dvh]"
          message={t('help.loadError')}
          onRetry={() => {
            void content.refetch();
          }}
        />
      ) : (
        <>
          <p className="-mt-3 text-xs text-fg-subtle">
            {t('help.updated', { date: formatDate(content.data.updated, language) })}
          </p>
          {children(content.data)}
        </>
      )}
      <MoreHelp current={page} />
    </Page>
  );
}
