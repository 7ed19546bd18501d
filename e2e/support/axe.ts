import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/**
 * Axe violations on the current page (or within `include`), as short strings: empty when clean.
 * The one way every spec scans a page.
 *
 * - Sandboxed frames (an email's HTML in the outbox) are left out: they run no scripts by design,
 *   so axe cannot run inside them (it waits forever), and what they show is the email, not the app.
 * - Only violations are collected (`resultTypes`): axe then keeps one example node of each passed
 *   rule instead of every node.
 * - A page without frames is scanned in one pass inside the page. With frames, axe scans each frame
 *   and merges the parts in a blank page of its own, which costs a page per scan: measured on
 *   27 Nov 2026, 0.4–0.9 s a scan instead of 1.0–2.4 s, the same rules on the same page.
 */
export async function axeViolations(page: Page, label: string, { include }: { include?: string } = {}): Promise<string[]> {
  let builder = new AxeBuilder({ page }).exclude('iframe[sandbox]').options({ resultTypes: ['violations'] });
  if (include) builder = builder.include(include);
  if (page.frames().length === 1) builder = builder.setLegacyMode(true);
  const results = await builder.analyze();
  return results.violations.map((v) => `${label}: ${v.id} (${v.nodes.length}) ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}
