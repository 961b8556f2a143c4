import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/**
 * Waits (up to 3 s) until no finite animation or transition is running, checked again a frame later so
 * one that starts meanwhile (a toast sliding in after the alert the test waited for) is waited for too:
 * a scan during a fade or a colour transition measures a half-drawn colour (MUI's buttons, sonner's
 * toast title: color-contrast on a busy machine). Endless ones (spinners, the loading bar) are not.
 */
async function settled(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const deadline = Date.now() + 3000;
    const frame = () => new Promise((resolve) => requestAnimationFrame(() => resolve(undefined)));
    for (let quiet = 0; quiet < 2 && Date.now() < deadline;) {
      const finite = document
        .getAnimations()
        .filter((a) => a.playState === 'running' && a.effect?.getComputedTiming().endTime !== Infinity);
      if (finite.length === 0) {
        quiet += 1;
        await frame();
        continue;
      }
      quiet = 0;
      await Promise.race([
        Promise.all(finite.map((a) => a.finished.catch(() => undefined))),
        new Promise((resolve) => setTimeout(resolve, Math.max(0, deadline - Date.now()))),
      ]);
    }
  });
}

declare global {
  interface Window {
    /** transitions and animations started since watchMotion (test-only) */
    __motionStarts?: number;
  }
}

/**
 * Counts the transitions and animations that start from now on (a toast leaving once its time is up),
 * so a scan that overlapped one can be told from one that did not.
 */
async function watchMotion(page: Page): Promise<void> {
  await page.evaluate(() => {
    if (window.__motionStarts === undefined) {
      const count = () => (window.__motionStarts = (window.__motionStarts ?? 0) + 1);
      document.addEventListener('transitionstart', count, true);
      document.addEventListener('animationstart', count, true);
    }
    window.__motionStarts = 0;
  });
}

const motionSinceWatch = (page: Page): Promise<number> => page.evaluate(() => window.__motionStarts ?? 0);

/**
 * WCAG 2.1 A/AA violations of serious or critical impact, as readable lines (empty when clean). A scan
 * with violations during which a transition or animation started (sonner's toast fading out after its
 * four seconds, on a slow machine: color-contrast on the half-drawn title) is taken again once the page
 * is still, up to twice; a violation of the still page is reported as it is.
 */
export async function seriousA11yViolations(page: Page): Promise<string[]> {
  let found: string[] = [];
  for (let attempt = 0; attempt < 3; attempt++) {
    await settled(page);
    await watchMotion(page);
    const scan = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .analyze();
    found = scan.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
    if (found.length === 0 || (await motionSinceWatch(page)) === 0) return found;
  }
  return found;
}
