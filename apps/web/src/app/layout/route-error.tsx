import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from '../../shared/i18n/use-translation';
import { reportError } from '../../shared/error-reporting';
import { Button, ButtonLink } from '../../shared/ui/button';
import { usePageTitle } from '../../shared/ui/page';

// A deploy replaces the hashed page files; an open tab then fails to fetch the old ones. Chrome says
// "Failed to fetch dynamically imported module", Firefox "error loading dynamically imported module",
// Safari "Importing a module script failed".
export function isStaleChunk(error: unknown): boolean {
  return error instanceof TypeError && /dynamically imported|module script/i.test(error.message);
}

interface RouteErrorProps {
  error: unknown;
  /** Renders the page again. */
  onRetry: () => void;
}

/** The error screen of a page, with a retry button. */
export function RouteError({ error, onRetry }: RouteErrorProps) {
  const { t } = useTranslation();
  usePageTitle(t('errors.pageTitle'));

  const retry = () => {
    // The old file is gone for good: only a reload (which fetches the new index.html) helps.
    if (isStaleChunk(error)) window.location.reload();
    else onRetry();
  };

  return (
    <div
      data-route-state="error"
      role="alert"
      className="flex min-h-[60dvh] flex-col items-center justify-center gap-4 px-6 text-center"
    >
      <h1 className="text-xl font-bold text-fg">{t('errors.pageTitle')}</h1>
      <p className="text-sm text-fg-muted">{t('errors.pageBody')}</p>
      <div className="flex flex-wrap justify-center gap-3">
        <Button onClick={retry}>{t('app.retry')}</Button>
        <ButtonLink to="/" variant="secondary">
          {t('app.backHome')}
        </ButtonLink>
      </div>
    </div>
  );
}

interface ErrorBoundaryProps {
  /** A new value (the next location) clears a shown error. */
  resetKey?: unknown;
  fallback: (error: unknown, reset: () => void) => ReactNode;
  children: ReactNode;
}

interface ErrorBoundaryState {
  error: unknown;
  failed: boolean;
  resetKey: unknown;
}

/** Catches what a page throws while rendering (or loading its code) and shows `fallback` instead. */
export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { error: null, failed: false, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<ErrorBoundaryState> {
    return { error, failed: true };
  }

  static getDerivedStateFromProps(
    props: ErrorBoundaryProps,
    state: ErrorBoundaryState,
  ): Partial<ErrorBoundaryState> | null {
    return Object.is(props.resetKey, state.resetKey) ? null : { error: null, failed: false, resetKey: props.resetKey };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    if (import.meta.env.DEV) console.error(error, info.componentStack);
    reportError(error, { componentStack: info.componentStack ?? null });
  }

  reset = (): void => {
    this.setState({ error: null, failed: false });
  };

  override render(): ReactNode {
    return this.state.failed ? this.props.fallback(this.state.error, this.reset) : this.props.children;
  }
}

/** Last resort when the layout itself failed: the same screen without header and footer. */
export function RootError({ error, onRetry }: RouteErrorProps) {
  return (
    <div className="mx-auto min-h-dvh w-full max-w-[480px] bg-bg">
      <RouteError error={error} onRetry={onRetry} />
    </div>
  );
}
