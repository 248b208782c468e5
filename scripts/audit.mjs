// `npm run audit`: fails when a production dependency has a high or critical advisory
// (`npm audit --omit=dev`). A registry (or mirror) without npm's audit service can't be asked: that
// is said in one line and is not a failure, since nothing could be checked there.
import { spawnSync } from 'node:child_process';
import { root } from './lib/build.mjs';

const res = spawnSync('npm', ['audit', '--omit=dev', '--json'], { cwd: root, encoding: 'utf8', timeout: 120_000 });
let report;
try {
  report = JSON.parse(res.stdout);
} catch {
  console.error(
    `npm audit gave no report (exit ${res.status}): ${(res.stderr || res.stdout).trim().split('\n').slice(-3).join(' ')}`,
  );
  process.exit(1);
}

if (report.statusCode || report.error) {
  const why = report.statusCode
    ? `HTTP ${report.statusCode} from ${report.uri}`
    : (report.error.summary ?? report.error.code);
  console.log(`[audit] the registry offers no audit service (${why}): production dependencies not checked here`);
  process.exit(0);
}

const counts = report.metadata?.vulnerabilities ?? {};
const serious = Object.entries(report.vulnerabilities ?? {}).filter(
  ([, v]) => v.severity === 'high' || v.severity === 'critical',
);
console.log(
  `[audit] production dependencies: ${counts.critical ?? 0} critical, ${counts.high ?? 0} high, ${counts.moderate ?? 0} moderate, ${counts.low ?? 0} low`,
);
for (const [name, v] of serious) {
  const via = v.via.map((x) => (typeof x === 'string' ? x : `${x.title} (${x.url})`)).join('; ');
  console.error(
    `  ${v.severity}: ${name} ${v.range} — ${via}${v.fixAvailable ? ' — a fix is available (npm audit fix)' : ''}`,
  );
}
process.exit(serious.length > 0 ? 1 : 0);
