/**
 * Error reporting and session replay (specification §9), with Sentry. Off unless a DSN was given at
 * build time (`VITE_SENTRY_DSN`, and `VITE_SENTRY_SANDBOX_DSN` for `.cc` hosts); with no DSN for the
 * host the SDK is never imported, so the first page carries none of it.
 */

export interface ErrorReportingOptions {
  dsn: string;
  environment: 'sandbox' | 'production';
  tracesSampleRate: number;
  replaysSessionSampleRate: number;
  replaysOnErrorSampleRate: number;
}

/** Options for a host: sandbox when the host contains `.cc`, otherwise production. */
export function errorReportingOptions(dsn: string, host: string): ErrorReportingOptions {
  return {
    dsn,
    environment: host.includes('.cc') ? 'sandbox' : 'production',
    tracesSampleRate: 0.3,
    replaysSessionSampleRate: 0.1,
    replaysOnErrorSampleRate: 0.1,
  };
}

export interface Dsns {
  production?: string | undefined;
  sandbox?: string | undefined;
}

/** The host picks the project: a `.cc` host reports to the sandbox one (the production one if there is none). */
export function dsnForHost(host: string, dsns: Dsns): string | undefined {
  const production = dsns.production?.trim() || undefined;
  const sandbox = dsns.sandbox?.trim() || undefined;
  return host.includes('.cc') ? (sandbox ?? production) : production;
}

/** What the app needs of the SDK (a test hands in a stand-in). */
export interface ErrorReportingSdk {
  /** Starts reporting, with performance tracing and session replay. */
  init(options: ErrorReportingOptions): void;
  captureException(error: unknown, hint?: { extra: Record<string, unknown> }): void;
}

async function loadSentry(): Promise<ErrorReportingSdk> {
  const Sentry = await import('@sentry/react');
  return {
    init: (options) => {
      Sentry.init({ ...options, integrations: [Sentry.browserTracingIntegration(), Sentry.replayIntegration()] });
    },
    captureException: (error, hint) => {
      Sentry.captureException(error, hint);
    },
  };
}

let configured: ErrorReportingOptions | undefined;
let sdk: Promise<ErrorReportingSdk | null> | undefined;

const buildDsns: Dsns = {
  production: import.meta.env.VITE_SENTRY_DSN,
  sandbox: import.meta.env.VITE_SENTRY_SANDBOX_DSN,
};

/** Starts error reporting when the host has a DSN: the SDK loads in its own chunk, after the page. */
export function initErrorReporting(
  dsns: Dsns = buildDsns,
  load: () => Promise<ErrorReportingSdk> = loadSentry,
): Promise<void> {
  if (configured) return Promise.resolve();
  const dsn = dsnForHost(window.location.host, dsns);
  if (!dsn) return Promise.resolve();
  const options = errorReportingOptions(dsn, window.location.host);
  configured = options;
  sdk = load().then(
    (Sentry) => {
      Sentry.init(options);
      return Sentry;
    },
    () => null,
  );
  return sdk.then(() => undefined);
}

/** The options error reporting started with, or undefined when it is off. */
export function errorReportingConfig(): ErrorReportingOptions | undefined {
  return configured;
}

/** Reports an error caught by the app itself (an error boundary); nothing happens when reporting is off. */
export function reportError(error: unknown, context?: Record<string, unknown>): void {
  void sdk?.then((Sentry) => Sentry?.captureException(error, context ? { extra: context } : undefined));
}
