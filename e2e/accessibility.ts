import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/** The WCAG 2.1 A and AA rules: what the product promises. */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const BLOCKING = new Set(['serious', 'critical']);
/**
 * Rules axe still calls experimental, and so leaves out unless asked, that test WCAG 2.1 A/AA criteria:
 * above all label-in-name (a button read out as something other than the words it shows). Not
 * `p-as-heading`: it takes any large bold line (a price) for a heading.
 */
const EXPERIMENTAL_WCAG_RULES = [
  'label-content-name-mismatch',
  'css-orientation-lock',
  'table-fake-caption',
  'td-has-header',
];

type Result = Awaited<ReturnType<AxeBuilder['analyze']>>['violations'][number];

/** One line per element a rule fails on: rule, impact, target, and axe's own explanation. */
export function describeViolations(violations: readonly Result[]): string {
  return violations
    .flatMap((violation) =>
      violation.nodes.map((node) => {
        const summary = (node.failureSummary ?? violation.help).replace(/\s+/g, ' ').trim();
        return `  ${violation.id} (${violation.impact ?? 'unknown'}) at ${JSON.stringify(node.target)}: ${summary}`;
      }),
    )
    .join('\n');
}

/** The serious and critical violations of what the page shows now. */
export async function seriousViolations(page: Page): Promise<Result[]> {
  // `options` first: it replaces what `withTags` sets.
  const builder = new AxeBuilder({ page })
    .options({
      // Only violations are read: axe then skips describing every element that passed.
      resultTypes: ['violations'],
      rules: Object.fromEntries(EXPERIMENTAL_WCAG_RULES.map((id) => [id, { enabled: true }])),
    })
    .withTags(TAGS);
  const { violations } = await builder.analyze();
  return violations.filter((violation) => BLOCKING.has(violation.impact ?? ''));
}

/**
 * Fails when axe finds a serious or critical WCAG 2.1 A/AA violation on what the page shows now,
 * listing each: `label` names the screen in the message.
 */
export async function expectNoSeriousViolations(page: Page, label: string): Promise<void> {
  const violations = await seriousViolations(page);
  if (violations.length > 0) {
    const count = violations.reduce((sum, v) => sum + v.nodes.length, 0);
    throw new Error(
      `${label}: ${String(count)} serious or critical accessibility violations\n${describeViolations(violations)}`,
    );
  }
}
