import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

export type Finding = {
  where: string;
  id: string;
  impact: string;
  help: string;
  targets: string[];
};

/** axe's serious and critical violations on the page as it is now, tagged with `where`. */
export async function scan(page: Page, where: string): Promise<Finding[]> {
  // Legacy mode: axe.run() in the page itself. The default runs axe in each frame and then
  // finishes in a new blank page, which cost about half of each scan; no screen has a frame.
  const results = await new AxeBuilder({ page }).setLegacyMode().analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      where,
      id: violation.id,
      impact: violation.impact ?? '',
      help: violation.help,
      targets: violation.nodes.slice(0, 5).map((node) => node.target.join(' ')),
    }));
}
