/** axe-core run inside a test's page: the accessibility scan the browser tests share. */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8'); // prettier-ignore

/** axe-core's WCAG 2 A and AA violations on the page, as "rule: element" lines. */
export async function axeViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate('typeof window.axe !== "undefined"'))) await page.evaluate(AXE_SOURCE);
  const found = await page.evaluate<{ id: string; nodes: { target: string[] }[] }[]>(
    `axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } })
       .then((result) => result.violations.map((v) => ({ id: v.id, nodes: v.nodes.map((n) => ({ target: n.target.map(String) })) })))`,
  );
  return found.flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')}`));
}
