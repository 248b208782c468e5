import type { Env } from './env';

/** Sends errors to the error-reporting service (Sentry). */
export interface ErrorReporter {
  capture(error: unknown, context?: Record<string, unknown>): void;
  /** Waits (at most `timeoutMs`) until what was captured has been sent. */
  flush(timeoutMs?: number): Promise<boolean>;
}

/** The specification's settings (§9): traces sampled at 0.3; the environment comes with the DSN. */
export function errorReportingOptions(config: NonNullable<Env['errorReporting']>) {
  return { dsn: config.dsn, environment: config.environment, tracesSampleRate: 0.3, sendDefaultPii: false };
}

let started: Promise<ErrorReporter> | undefined;

/**
 * Starts error reporting once per process when a DSN is configured. Without one the SDK is never
 * imported: nothing of it loads.
 */
export function startErrorReporting(config: Env['errorReporting']): Promise<ErrorReporter> | null {
  if (!config) return null;
  started ??= import('@sentry/node').then((Sentry) => {
    Sentry.init({
      ...errorReportingOptions(config),
      // Fastify's tracing stays; its automatic capture would also report every application outcome
      // (login required, invalid input: envelopes, not faults). Crashes are reported by the protocol's
      // error handler, which knows the difference.
      integrations: (defaults) => [
        ...defaults.filter((i) => i.name !== 'Fastify'),
        Sentry.fastifyIntegration({ shouldHandleError: () => false }),
      ],
    });
    return {
      capture: (error, context) => {
        Sentry.captureException(error, context ? { extra: context } : undefined);
      },
      flush: (timeoutMs = 2000) => Sentry.flush(timeoutMs),
    };
  });
  return started;
}
