import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/**
 * axe-core's serious and critical findings (WCAG 2.1 A and AA, contrast included, and its best practices) on the
 * page, or only inside `within` (a CSS selector), each as "impact id: help — where", so a failing test says what
 * to fix and on which element.
 */
export const severeViolations = async (page: Page, within?: string): Promise<string[]> => {
  const builder = new AxeBuilder({ page });
  if (within) builder.include(within);
  const results = await builder.withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact} ${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
};
