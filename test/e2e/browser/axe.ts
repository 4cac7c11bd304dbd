/**
 * The accessibility smoke test: axe-core (the engine of Deque's axe, run by Lighthouse and Playwright's own
 * accessibility guide) injected into the page, all its rules (WCAG 2.x A and AA, and its best practices) run over the
 * whole document.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AxeResults } from 'axe-core';
import type { Page } from 'playwright-core';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** `rule-id (impact): selector, selector...` for each violation of at least `serious` impact. */
export async function seriousViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ content: AXE_SOURCE });
  const results = await page.locator('html').evaluate(async (html) => {
    const { axe } = globalThis as unknown as { axe: { run(context: unknown, options: object): Promise<AxeResults> } };
    return axe.run(html, { resultTypes: ['violations'] });
  });
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id} (${String(violation.impact)}): ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}
