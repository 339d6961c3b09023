import axe from 'axe-core';
import type { Page } from '@playwright/test';

export type Finding = {
  where: string;
  id: string;
  impact: string;
  help: string;
  targets: string[];
};

type Rule = { id: string; impact?: string };
const SERIOUS = new Set(['serious', 'critical']);

/**
 * The rules whose violations cannot be serious or critical: a violation's impact is its rule's
 * (axe-core's `finalizeRuleResult` gives every check of a rule with an impact the rule's), so
 * these can only report what the scans drop. Read from the installed axe-core, so an upgrade that
 * raises a rule's impact runs it again (docs/decisions.md D83).
 */
const MINOR_RULES = (axe as unknown as { _audit: { rules: Rule[] } })._audit.rules
  .filter((rule) => rule.impact !== undefined && !SERIOUS.has(rule.impact))
  .map((rule) => rule.id);

type Violation = {
  id: string;
  impact?: string | null;
  help: string;
  nodes: { target: unknown[] }[];
};

/**
 * axe's serious and critical violations on the page once every finite animation and transition
 * has ended (axe would measure a colour fading in halfway), tagged with `where`.
 */
export async function scan(page: Page, where: string): Promise<Finding[]> {
  // @axe-core/playwright's half second before axe ran hid the need for this wait (after closing
  // a drawer, the focused button's colour was still changing).
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' ||
          animation.effect?.getTiming().iterations === Infinity,
      ),
  );
  // axe.run() in the page itself, put there once per page load: screens are reached in the app,
  // so later scans reuse it. @axe-core/playwright sent and parsed axe's 560 KB source twice per
  // scan, and built every passing node's result: 0.7–1.4 s a scan against 0.1–0.3 s
  // (docs/decisions.md D83). No screen has a frame.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  const violations = await page.evaluate(async (minorRules) => {
    const inPage = (window as unknown as { axe: typeof axe }).axe;
    const results = await inPage.run(document, {
      // Passes, incomplete and inapplicable results are not read: one node of each is built.
      resultTypes: ['violations'],
      rules: Object.fromEntries(minorRules.map((id) => [id, { enabled: false }])),
    });
    return results.violations.map(({ id, impact, help, nodes }): Violation => ({
      id,
      impact,
      help,
      nodes: nodes.slice(0, 5).map((node) => ({ target: node.target })),
    }));
  }, MINOR_RULES);
  return violations
    .filter((violation) => SERIOUS.has(violation.impact ?? ''))
    .map((violation) => ({
      where,
      id: violation.id,
      impact: violation.impact ?? '',
      help: violation.help,
      targets: violation.nodes.map((node) => node.target.join(' ')),
    }));
}
