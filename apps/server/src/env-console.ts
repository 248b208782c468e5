import type { Env } from './env';
import { EnvError, redact, url, type Source } from './env-values';

// The operator console's own origin, and what a console sharing the viewer app's origin means at start-up.

/**
 * The console's own origin: an http(s) origin (no path) on another hostname than PUBLIC_URL's. Only
 * the hostname tells the two apart, as cookies ignore ports: the same hostname on another port would
 * receive the operator cookie and share the viewer app's site.
 */
export function consoleUrlEnv(src: Source, publicUrl: string): string | null {
  const raw = url(src, 'CONSOLE_URL', ['http:', 'https:']);
  if (raw === null) return null;
  const parsed = new URL(raw);
  if (parsed.username || parsed.password || parsed.pathname !== '/' || parsed.search || parsed.hash) {
    throw new EnvError(
      'CONSOLE_URL',
      `expected an origin such as https://console.example.com (no path, query or credentials), got "${redact(raw)}"`,
    );
  }
  const viewer = new URL(publicUrl);
  if (parsed.hostname === viewer.hostname) {
    throw new EnvError(
      'CONSOLE_URL',
      `must name another hostname than PUBLIC_URL (${viewer.origin}): the console needs an origin of its own, and cookies do not tell ports apart`,
    );
  }
  if (viewer.protocol === 'https:' && parsed.protocol !== 'https:')
    throw new EnvError('CONSOLE_URL', 'must be https:// when PUBLIC_URL is https');
  return parsed.origin;
}

/**
 * Why this environment must not start, or null: a public (https) site whose console shares the
 * viewer app's origin, where third-party pixel scripts run and could act with a signed-in operator's
 * cookie, unless an operator accepts that on purpose.
 */
export function consoleStartProblem(env: Pick<Env, 'publicUrl' | 'consoleUrl' | 'consoleSameOrigin'>): string | null {
  if (env.consoleUrl || !env.publicUrl.startsWith('https:') || env.consoleSameOrigin) return null;
  return `Refusing to start: PUBLIC_URL is https (${env.publicUrl}) but the operator console would share its origin with the viewer app, whose third-party pixel scripts could then act as a signed-in operator; set CONSOLE_URL to a second hostname of this server (e.g. https://console.example.com), or CONSOLE_SAME_ORIGIN=true to accept the shared origin.`;
}

/** The start-up warning of a console on the viewer app's origin, or null when it has its own. */
export function consoleOriginWarning(env: Pick<Env, 'consoleUrl'>): string | null {
  if (env.consoleUrl) return null;
  return 'The operator console (/admin) shares its origin with the viewer app, whose third-party pixel scripts could act as a signed-in operator; set CONSOLE_URL to give the console a hostname of its own.';
}
