import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import type { AxeResults, ElementContext, RunOptions } from 'axe-core';

/** axe-core's own build, read once: the same source AxeBuilder injects. */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const OPTIONS: RunOptions = { resultTypes: ['violations'] };

/**
 * Axe violations on the current page (or within `include`), as short strings: empty when clean.
 * The one way every spec scans a page.
 *
 * - Sandboxed frames (an email's HTML in the outbox) are left out: they run no scripts by design,
 *   so axe cannot run inside them (it waits forever), and what they show is the email, not the app.
 * - Only violations are collected (`resultTypes`): axe then keeps one example node of each passed
 *   rule instead of every node.
 * - A page without frames is scanned in one pass inside the page, with axe-core injected once per
 *   document: AxeBuilder's legacy mode evaluates the 550 kB source twice a scan. Measured on
 *   2 Dec 2026 on the same pages: 0.3–0.6 s a scan instead of 0.6–1.5 s. With frames, AxeBuilder
 *   scans each frame and merges the parts in a blank page of its own.
 */
export async function axeViolations(page: Page, label: string, { include }: { include?: string } = {}): Promise<string[]> {
  // Scan the look as it stands: a theme the system's just changed (emulateMedia) is applied by the
  // page's listener, and buttons then fade their colours; a scan in between reads them halfway.
  await page.evaluate(themeFollowed);
  await page.evaluate(settled);
  const results = page.frames().length === 1 ? await scanInPage(page, include) : await scanWithFrames(page, include);
  return results.violations.map((v) => `${label}: ${v.id} (${v.nodes.length}) ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

async function scanInPage(page: Page, include: string | undefined): Promise<AxeResults> {
  const injected = await page.evaluate(() => 'axe' in window);
  if (!injected) await page.evaluate(AXE_SOURCE);
  const context: ElementContext = { exclude: ['iframe[sandbox]'], ...(include ? { include: [include] } : {}) };
  // Axe's results are plain data; typed here, not through evaluate's generic (too deep for tsc).
  const run = `axe.run(${JSON.stringify(context)}, ${JSON.stringify(OPTIONS)})`;
  return (await page.evaluate(run)) as AxeResults;
}

async function scanWithFrames(page: Page, include: string | undefined): Promise<AxeResults> {
  let builder = new AxeBuilder({ page }).exclude('iframe[sandbox]').options(OPTIONS);
  if (include) builder = builder.include(include);
  return builder.analyze();
}

/** A theme and a width a page is scanned in. */
export interface Look {
  scheme: 'light' | 'dark';
  width: number;
}
/** Both themes at a phone's and a desktop's width (SPEC's accessibility bar). */
export const EVERY_LOOK: readonly Look[] = [
  { scheme: 'light', width: 1280 },
  { scheme: 'dark', width: 1280 },
  { scheme: 'light', width: 360 },
  { scheme: 'dark', width: 360 },
];

/**
 * Axe violations of the page as it stands, in each look: the theme and width change in place (both
 * are CSS media queries here, no reload), so one visit serves four scans. The page is left in the
 * last look; `height` is the viewport's height meanwhile. `also` adds a check of its own in each look
 * (nothing scrolls sideways, say): the problems it returns join the violations.
 */
export async function axeViolationsInLooks(
  page: Page,
  label: string,
  {
    looks = EVERY_LOOK,
    height = 800,
    include,
    also,
  }: { looks?: readonly Look[]; height?: number; include?: string; also?: (look: Look) => Promise<string[]> } = {},
): Promise<string[]> {
  const found: string[] = [];
  for (const look of looks) {
    await page.emulateMedia({ colorScheme: look.scheme });
    await page.setViewportSize({ width: look.width, height });
    // The page's theme follows the system's once hydrated (src/composition/shell/ThemeToggle.tsx): wait for
    // its class, then a frame, so that the scan reads the new look.
    await page.waitForFunction((dark) => document.documentElement.classList.contains('dark') === dark, look.scheme === 'dark');
    await page.evaluate(settled);
    found.push(...(await axeViolations(page, `${label} (${look.scheme}, ${look.width} px)`, { include })));
    if (also) found.push(...(await also(look)));
  }
  return found;
}

/**
 * Resolves once the page's theme class is the one its reader's choice (`chorus.theme`, default the
 * system's) asks for, or after 2 s (a page without the theme listener keeps what it was drawn with).
 */
async function themeFollowed(): Promise<void> {
  const wanted = () => {
    let chosen: string | null = null;
    try {
      chosen = localStorage.getItem('chorus.theme');
    } catch {
      // A page without storage (an opaque origin) follows the system.
    }
    return chosen === 'dark' || ((!chosen || chosen === 'system') && matchMedia('(prefers-color-scheme: dark)').matches);
  };
  const t0 = performance.now();
  while (document.documentElement.classList.contains('dark') !== wanted() && performance.now() - t0 < 2000) {
    await new Promise((done) => setTimeout(done, 20));
  }
}

/**
 * Resolves once the colour transitions the change of look started have ended (buttons fade their
 * colours over 150 ms: a scan in between reads a colour halfway and reports its contrast), and a
 * frame has been drawn. Endless animations (a spinner) are not waited for; 2 s at most.
 */
async function settled(): Promise<void> {
  const frame = () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
  await frame();
  const finite = document.getAnimations().filter((a) => a.effect?.getComputedTiming().endTime !== Infinity);
  await Promise.race([Promise.all(finite.map((a) => a.finished.catch(() => undefined))), new Promise((done) => setTimeout(done, 2000))]);
  await frame();
}

/** "… scrolls sideways by N px" when the page is wider than the screen, for `also` above. */
export async function sidewaysScroll(page: Page, label: string): Promise<string[]> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  return overflow > 0 ? [`${label}: scrolls sideways by ${overflow} px at ${page.viewportSize()?.width} px`] : [];
}
