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

/** WCAG 2.1 A/AA violations of serious or critical impact, as readable lines (empty when clean). */
export async function seriousA11yViolations(page: Page): Promise<string[]> {
  await settled(page);
  const scan = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return scan.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}
