import { useEffect, useId, type ReactNode } from 'react';
import { useTranslation } from '../i18n/use-translation';

/** Sets the tab title to "<title> · Episodic" while the page is shown. */
export function usePageTitle(title: string): void {
  const { t } = useTranslation();
  const brand = t('app.name');
  useEffect(() => {
    document.title = title && title !== brand ? `${title} · ${brand}` : brand;
  }, [title, brand]);
}

interface PageProps {
  /** Route name, exposed as `data-page` so tests and analytics can tell which page rendered. */
  name: string;
  title: string;
  /** Tab title when it should differ from the heading. */
  documentTitle?: string;
  /** Hide the heading visually (it stays the page's `<h1>` for assistive technology). */
  hideHeading?: boolean;
  actions?: ReactNode;
  children?: ReactNode;
}

/** Root of every page: `data-page`, the translated `<h1>` and the document title. */
export function Page({ name, title, documentTitle, hideHeading = false, actions, children }: PageProps) {
  usePageTitle(documentTitle ?? title);
  return (
    <div data-page={name} className="flex flex-col gap-6 px-4 pt-4 pb-8">
      <PageHeading hidden={hideHeading} actions={actions}>
        {title}
      </PageHeading>
      {children}
    </div>
  );
}

interface PageHeadingProps {
  children: ReactNode;
  hidden?: boolean;
  actions?: ReactNode;
}

export function PageHeading({ children, hidden = false, actions }: PageHeadingProps) {
  if (hidden) return <h1 className="sr-only">{children}</h1>;
  return (
    <div className="flex min-h-10 items-center justify-between gap-3">
      <h1 className="text-2xl font-bold tracking-tight text-fg">{children}</h1>
      {actions}
    </div>
  );
}

interface SectionProps {
  title: string;
  children: ReactNode;
  action?: ReactNode;
}

/** A titled block inside a page (`<h2>`). */
export function Section({ title, children, action }: SectionProps) {
  const headingId = useId();
  return (
    <section className="flex flex-col gap-3" aria-labelledby={headingId}>
      <div className="flex min-h-7 items-center justify-between gap-3">
        <h2 id={headingId} className="text-lg font-semibold text-fg">
          {title}
        </h2>
        {action}
      </div>
      {children}
    </section>
  );
}
