/**
 * The playground page as a test drives it: waiting for the diagnostics of what the editors hold, reading the JSON
 * tab, and reading the editors' exact texts back through the page's own Share link (CodeMirror draws only the lines
 * in view, so the page's text is no copy of them).
 */
import { inflateRawSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import type { PlaygroundTexts } from '../../../src/browser/playground.js';

/** The fragment's prefix and its layout version (src/playground/page/share.ts). */
const SHARE_PREFIX = '#share=';

/** Waits until the page shows the diagnostics of the texts its editors hold: no keystroke waits for its lint. */
export async function diagnosticsShown(page: Page): Promise<void> {
  await page.locator('.playground-results[aria-busy="false"]').waitFor({ state: 'attached', timeout: 30_000 });
}

/** The texts a Share link holds, as the page wrote them. */
export function textsOfLink(link: string): PlaygroundTexts & { v: number } {
  const fragment = new URL(link).hash;
  if (!fragment.startsWith(SHARE_PREFIX)) throw new Error(`no playground state in ${link}`);
  return JSON.parse(inflateRawSync(Buffer.from(fragment.slice(SHARE_PREFIX.length), 'base64url')).toString('utf8')) as PlaygroundTexts & { v: number };
}

/** Presses Share and returns the link it shows: the page hides the old one as the button is pressed. */
export async function shareLink(page: Page): Promise<string> {
  const field = page.getByRole('textbox', { name: 'Share link' });
  await page.getByRole('button', { name: 'Share', exact: true }).click();
  await field.waitFor({ state: 'visible' });
  return field.inputValue();
}

/** The editors' texts, read through Share. */
export async function editorTexts(page: Page): Promise<PlaygroundTexts> {
  const { manifest, config, policy } = textsOfLink(await shareLink(page));
  return { manifest, config, policy };
}

/** The JSON tab's report and the lines beside it (what the command says on stderr). */
export async function jsonTab(page: Page): Promise<{ stdout: string; stderr: string }> {
  await page.getByRole('tab', { name: 'JSON', exact: true }).click();
  const panel = page.getByRole('tabpanel', { name: 'JSON' });
  return {
    stdout: (await panel.locator('.playground-json').textContent()) ?? '',
    stderr: (await panel.locator('.playground-stderr').textContent()) ?? '',
  };
}

/** The places of the Problems tab's list, `file:line:column`. */
export async function listedPlaces(page: Page): Promise<string[]> {
  await page.getByRole('tab', { name: 'Problems', exact: true }).click();
  return page.getByRole('tabpanel', { name: 'Problems' }).locator('.playground-place').allTextContents();
}

/** Moves the mouse onto a key of the manifest's editor (a highlighted token of its own) and waits for its hover's text. */
export async function hoverOver(page: Page, key: string): Promise<string> {
  const token = page.locator('#playground-manifest-panel .cm-line span', { hasText: new RegExp(`^${key}$`) }).first();
  const box = await token.boundingBox();
  if (!box) throw new Error(`no ${key} drawn in the manifest's editor`);
  // CodeMirror answers a mouse that moved and then rested.
  await page.mouse.move(box.x + 2, box.y + box.height / 2);
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  const tooltip = page.locator('.cm-tooltip-hover');
  await tooltip.waitFor({ timeout: 10_000 });
  return (await tooltip.textContent()) ?? '';
}

/** Opens an editor's tab (by its file's name) and puts the cursor at the end of one of its lines (1-based). */
export async function toLineEnd(page: Page, file: string, line: number): Promise<void> {
  await page.getByRole('tab', { name: file, exact: true }).click();
  await page.getByRole('tabpanel', { name: file }).locator('.cm-content').click();
  await page.keyboard.press('Control+Home');
  for (let at = 1; at < line; at++) await page.keyboard.press('ArrowDown');
  await page.keyboard.press('End');
}
