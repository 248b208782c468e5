import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { OperatorSessionEvent } from '../../events';
import { insertSessionEntry } from './audit.repository';

const BROWSERS: [RegExp, string][] = [
  [/Edg(?:e|A|iOS)?\/(\d+)/, 'Edge'],
  [/OPR\/(\d+)/, 'Opera'],
  [/SamsungBrowser\/(\d+)/, 'Samsung Internet'],
  [/Firefox\/(\d+)/, 'Firefox'],
  [/FxiOS\/(\d+)/, 'Firefox'],
  [/CriOS\/(\d+)/, 'Chrome'],
  [/HeadlessChrome\/(\d+)/, 'Headless Chrome'],
  [/Chrome\/(\d+)/, 'Chrome'],
  [/Version\/(\d+)[\d.]* (?:Mobile\/\S+ )?Safari\//, 'Safari'],
  [/curl\/(\d+)/, 'curl'],
];
const SYSTEMS: [RegExp, string][] = [
  [/Windows NT/, 'Windows'],
  [/iPhone|iPad|iPod/, 'iOS'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/Android/, 'Android'],
  [/CrOS/, 'ChromeOS'],
  [/Linux/, 'Linux'],
];

/**
 * "Chrome 131 on macOS": enough to tell a colleague's laptop from an unknown machine in the log,
 * without keeping the whole header (which identifies a browser more than the log needs).
 */
export function summarizeUserAgent(ua: string | null): string {
  if (!ua) return 'unknown browser';
  const browser = BROWSERS.map(([re, name]) => {
    const m = re.exec(ua);
    return m ? `${name} ${m[1] ?? ''}`.trim() : null;
  }).find((b) => b !== null);
  const system = SYSTEMS.find(([re]) => re.test(ua))?.[1];
  if (!browser && !system) return 'unknown browser';
  return `${browser ?? 'a browser'}${system ? ` on ${system}` : ''}`;
}

const ACTIONS = {
  'signed-in': 'operator.sign-in',
  failed: 'operator.sign-in-failed',
  'signed-out': 'operator.sign-out',
};
const REASONS: Record<string, string> = {
  bad_credentials: 'wrong email or password',
  no_operator_access: 'the account has no operator access',
  too_many_requests: 'too many attempts',
};

/**
 * Writes console sign-ins, failed ones and sign-outs to the audit log, with the client address as
 * the server reads it (the proxy's forwarded address only under TRUST_PROXY) and the browser.
 */
export async function recordOperatorSession(db: Kysely<DB>, e: OperatorSessionEvent): Promise<void> {
  const browser = summarizeUserAgent(e.userAgent);
  const ip = e.ip.slice(0, 100);
  const why = e.reason ? (REASONS[e.reason] ?? e.reason.replace(/_/g, ' ')) : null;
  const summary =
    e.outcome === 'signed-in'
      ? `Signed in to the console from ${ip} (${browser})`
      : e.outcome === 'signed-out'
        ? `Signed out of the console from ${ip} (${browser})`
        : `Failed console sign-in as ${e.email} from ${ip} (${browser}): ${why ?? 'refused'}`;
  await insertSessionEntry(db, {
    userId: e.userId,
    email: e.email,
    action: ACTIONS[e.outcome],
    summary: summary.slice(0, 500),
    after: JSON.stringify({ ip, browser, ...(why ? { reason: e.reason } : {}) }),
    ip,
  });
}
