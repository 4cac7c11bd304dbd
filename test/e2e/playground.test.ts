/**
 * The docs site's playground (/playground/) in a real browser (Debian's Chromium, ./browser/chromium.ts), on the site
 * `npm run site` builds and `npm run site:serve` serves: it loads with its first example; a mistake typed into the
 * manifest is underlined and listed at its line; a quick fix and Fix all change the text (Fix all as `platlint --fix`
 * does); hover shows a field's schema; completion offers a policy's fields and CEL functions, and signature help the
 * forms of a function while its arguments are written; the Share link reopens the same texts in a fresh browser;
 * axe-core finds nothing serious; no console error and no request outside the page's origin. And for every starting example (every YAML file of fixtures/, src/site/playground-examples.ts) the
 * JSON tab shows exactly what `platlint --format json [--policy policy.yaml] playground.yaml` prints for the same
 * texts. Screenshots are left in dist/test-artifacts/playground/.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { playgroundExamples } from '../../src/site/playground-examples.js';
import type { PlaygroundTexts } from '../../src/browser/playground.js';
import { ROOT, runCli } from '../helpers/cli.js';
import { runPlaygroundCommand } from '../helpers/playground-cli.js';
import { seriousViolations } from './browser/axe.js';
import { launchChromium } from './browser/chromium.js';
import { PageWatch } from './browser/page-watch.js';
import { diagnosticsShown, editorTexts, hoverOver, jsonTab, listedPlaces, shareLink, toLineEnd } from './browser/playground.js';
import { runInCheckout, serveSite, type RunningSite } from './browser/site.js';

// A hook builds the site; the last test runs the command once for each of some 300 examples.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 900_000 });

const ARTIFACTS = join(ROOT, 'dist', 'test-artifacts', 'playground');
const EXAMPLES = playgroundExamples(ROOT);
const exampleNamed = (label: string): PlaygroundTexts => {
  const example = EXAMPLES.find((candidate) => candidate.label === label);
  if (!example) throw new Error(`no example ${label}`);
  return example.texts;
};
const BROKEN_USER = exampleNamed('fixtures/examples/broken-user.yaml');
const MAXIMAL_USER = exampleNamed('fixtures/examples/maximal-user.yaml');

/** What the command prints for the texts, its stderr naming its folder as the playground does. */
function commandOutput(texts: PlaygroundTexts): { stdout: string; stderr: string } {
  const run = runPlaygroundCommand(texts);
  return { stdout: run.stdout, stderr: run.stderr.replaceAll(run.dir, '/playground').trimEnd() };
}

/** What `platlint --fix playground.yaml` leaves in the file. */
function fixedByCommand(manifest: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'platlint-playground-fix-'));
  try {
    writeFileSync(join(dir, 'playground.yaml'), manifest);
    runCli(['--fix', 'playground.yaml'], { cwd: dir });
    return readFileSync(join(dir, 'playground.yaml'), 'utf8');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

let site: RunningSite;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let watch: PageWatch;
const playgroundUrl = (): string => new URL('playground/', site.url).href;

async function choose(label: string): Promise<void> {
  await page.getByLabel('Example', { exact: true }).selectOption({ label });
  await diagnosticsShown(page);
}

beforeAll(async () => {
  rmSync(ARTIFACTS, { recursive: true, force: true });
  mkdirSync(ARTIFACTS, { recursive: true });
  runInCheckout('npm run --silent site');
  site = await serveSite();
  browser = await launchChromium();
  context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  page = await context.newPage();
  watch = new PageWatch(page);
});

afterAll(async () => {
  await browser?.close();
  await site?.stop();
});

describe('the playground', () => {
  it('opens with its first example: its diagnostics listed with links to their rules, its report in the JSON tab', async () => {
    await page.goto(playgroundUrl(), { waitUntil: 'networkidle' });
    await diagnosticsShown(page);
    const [first] = EXAMPLES;
    expect(first?.label).toBe('fixtures/examples/broken-config.yaml');
    await expect(page.getByLabel('Example', { exact: true }).locator('option:checked').textContent()).resolves.toBe(first?.label);
    const command = commandOutput(first?.texts as PlaygroundTexts);
    const report = JSON.parse(command.stdout) as { results: { diagnostics: { line: number; column: number; ruleId: string }[] }[] };
    const diagnostics = report.results[0]?.diagnostics ?? [];
    expect(diagnostics.length).toBe(19);
    expect(await listedPlaces(page)).toEqual(diagnostics.map((d) => `playground.yaml:${d.line}:${d.column}`));
    const problems = page.getByRole('tabpanel', { name: 'Problems' });
    await expect(problems.getByRole('link', { name: 'config/platform-host' }).first().getAttribute('href')).resolves.toBe('/rules/config/platform-host.html');
    await expect(page.getByRole('status').filter({ hasText: 'errors' }).textContent()).resolves.toBe('13 errors, 6 warnings');
    await page.screenshot({ path: join(ARTIFACTS, 'playground.png') });
    expect(await jsonTab(page)).toEqual(command);
  });

  it('underlines a mistake typed into the manifest at its line, and lists and reports it', async () => {
    await choose('fixtures/examples/maximal-user.yaml');
    expect(await listedPlaces(page)).toEqual([]);
    await expect(page.getByRole('tabpanel', { name: 'Problems' }).textContent()).resolves.toBe('No problems.');
    await toLineEnd(page, 'playground.yaml', 23);
    await page.keyboard.press('Enter');
    await page.keyboard.type('colour: blue');
    await diagnosticsShown(page);
    const lines = MAXIMAL_USER.manifest.split('\n');
    lines.splice(23, 0, '  colour: blue');
    const texts = await editorTexts(page);
    expect(texts.manifest).toBe(lines.join('\n'));
    expect(await listedPlaces(page)).toEqual(['playground.yaml:24:3']);
    await expect(page.locator('#playground-manifest-panel .cm-lintRange-error').allTextContents()).resolves.toEqual(['colour']);
    await expect(page.locator('#playground-manifest-panel .cm-gutter-lint .cm-gutterElement .cm-lint-marker-error').count()).resolves.toBe(1);
    const shown = await jsonTab(page);
    expect(shown).toEqual(commandOutput(texts));
    const [reported] = (JSON.parse(shown.stdout) as { results: { diagnostics: unknown[] }[] }).results[0]?.diagnostics ?? [];
    expect(reported).toMatchObject({ ruleId: 'schema/unknown-field', line: 24, column: 3, endLine: 24, endColumn: 9 });
  });

  it("applies a quick fix from a diagnostic's tooltip", async () => {
    await choose('fixtures/examples/broken-user.yaml');
    await page.locator('#playground-manifest-panel .cm-lintRange', { hasText: 'emial' }).hover();
    const tooltip = page.locator('.cm-tooltip-lint');
    await tooltip.waitFor();
    await expect(tooltip.locator('.playground-message').allTextContents()).resolves.toEqual(['Unknown field "emial" in spec; did you mean "email"?']);
    await expect(tooltip.getByRole('link', { name: 'schema/unknown-field' }).getAttribute('href')).resolves.toBe('/rules/schema/unknown-field.html');
    await tooltip.getByRole('button', { name: 'Fix: Unknown field "emial" in spec; did you mean "email"?' }).click();
    await diagnosticsShown(page);
    const texts = await editorTexts(page);
    expect(texts.manifest).toBe(BROKEN_USER.manifest.replace('  emial: jane', '  email: jane'));
    expect(await jsonTab(page)).toEqual(commandOutput(texts));
  });

  it('fixes all that --fix fixes with Fix all', async () => {
    await choose('fixtures/examples/broken-user.yaml');
    await page.getByRole('button', { name: 'Fix all' }).click();
    await diagnosticsShown(page);
    const texts = await editorTexts(page);
    expect(texts.manifest).not.toBe(BROKEN_USER.manifest);
    expect(texts.manifest).toBe(fixedByCommand(BROKEN_USER.manifest));
    await expect(page.getByRole('button', { name: 'Fix all' }).isDisabled()).resolves.toBe(true);
  });

  it("shows a field's schema on hover", async () => {
    await choose('fixtures/examples/maximal-user.yaml');
    expect(await hoverOver(page, 'displayName')).toBe('displayName: stringspec.displayNameName shown in the UI.');
    await page.screenshot({ path: join(ARTIFACTS, 'playground-hover.png') });
  });

  it("completes a policy's fields and CEL names as the editor does, with the signatures of a function", async () => {
    await choose('fixtures/policies/no-cluster-admin/tests/valid.yaml');
    // Line 19: `      expression: "!has(self.name) || self.name != 'cluster-admin'"`, the cursor before its closing quote.
    await toLineEnd(page, 'policy.yaml', 19);
    await page.keyboard.press('ArrowLeft');
    const list = page.locator('.cm-tooltip-autocomplete');
    await page.keyboard.type(' && self.na');
    await list.locator('.cm-completionLabel', { hasText: 'name' }).waitFor();
    await expect(list.locator('.cm-completionLabel').allTextContents()).resolves.toEqual(['name']);
    await expect(list.locator('.cm-completionDetail').allTextContents()).resolves.toEqual(['string']);
    await page.keyboard.press('Enter');
    await page.keyboard.type(" != '' && siz");
    await list.locator('.cm-completionLabel', { hasText: 'size' }).waitFor();
    await expect(list.locator('.cm-completionLabel').allTextContents()).resolves.toEqual(['size']);
    await expect(page.locator('.cm-completionInfo pre').textContent()).resolves.toBe('size(bytes) -> int\nsize(list(A)) -> int\nsize(map(A, B)) -> int\nsize(string) -> int');
    await page.screenshot({ path: join(ARTIFACTS, 'playground-completion.png') });
    await page.keyboard.press('Enter');
    await diagnosticsShown(page);
    const texts = await editorTexts(page);
    const policy = exampleNamed('fixtures/policies/no-cluster-admin/tests/valid.yaml').policy;
    expect(texts.policy).toBe(policy.replace(`self.name != 'cluster-admin'"`, `self.name != 'cluster-admin' && self.name != '' && size"`));
  });

  it('shows the forms of the CEL function whose arguments are being written, the argument in bold, until the call is closed or Escape', async () => {
    await choose('fixtures/policies/no-cluster-admin/tests/valid.yaml');
    await toLineEnd(page, 'policy.yaml', 19);
    await page.keyboard.press('ArrowLeft');
    const signature = page.locator('.playground-signature');
    await page.keyboard.type(' && matches(');
    await signature.waitFor();
    const active = signature.locator('.playground-signature-active');
    const parts = (): Promise<(string | null)[]> => active.evaluate((line) => [...line.childNodes].map((node) => node.textContent));
    await expect(parts()).resolves.toEqual(['matches(', 'string', ', string) -> bool']);
    await page.keyboard.type('self.name, ');
    await expect.poll(parts).toEqual(['matches(string, ', 'string', ') -> bool']);
    await page.screenshot({ path: join(ARTIFACTS, 'playground-signature.png') });
    await page.keyboard.type("'^a')");
    await signature.waitFor({ state: 'detached' });
    await page.keyboard.type(' && size(');
    await signature.waitFor();
    await expect(signature.locator('.playground-signature-form').allTextContents()).resolves.toEqual(['size(bytes) -> int', 'size(list(A)) -> int', 'size(map(A, B)) -> int', 'size(string) -> int']);
    // After a parenthesis the list offers CEL's names too: Escape closes it first, then the signature.
    const list = page.locator('.cm-tooltip-autocomplete');
    await list.waitFor();
    await page.keyboard.press('Escape');
    await list.waitFor({ state: 'detached' });
    await expect(signature.isVisible()).resolves.toBe(true);
    await page.keyboard.press('Escape');
    await signature.waitFor({ state: 'detached' });
  });

  it('reopens the same texts from its Share link in a fresh browser, and sends them nowhere', async () => {
    await choose('fixtures/examples/broken-user.yaml');
    await page.getByRole('tab', { name: '.platlint.yaml' }).click();
    await page.locator('#playground-config-panel .cm-content').click();
    await page.keyboard.type('extends: [strict]');
    await diagnosticsShown(page);
    const link = await shareLink(page);
    const texts = await editorTexts(page);
    expect(texts).toEqual({ ...BROKEN_USER, config: 'extends: [strict]' });
    const report = await jsonTab(page);
    expect(report).toEqual(commandOutput(texts));
    const fresh = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    try {
      const other = await fresh.newPage();
      const otherWatch = new PageWatch(other);
      await other.goto(link, { waitUntil: 'networkidle' });
      await diagnosticsShown(other);
      expect(await editorTexts(other)).toEqual(texts);
      expect(await jsonTab(other)).toEqual(report);
      await expect(other.getByLabel('Example', { exact: true }).locator('option:checked').textContent()).resolves.toBe('Your own texts');
      expect(otherWatch.requests.filter((url) => url.includes('share='))).toEqual([]);
      expect(otherWatch.errors).toEqual([]);
    } finally {
      await fresh.close();
    }
  });

  it('has no serious or critical accessibility violation (axe-core)', async () => {
    await choose('fixtures/examples/broken-user.yaml');
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('logged no error and requested nothing outside its origin meanwhile', () => {
    // The watch heard the page from its first request on, so the lists below are the whole story.
    expect(watch.requests[0]).toBe(playgroundUrl());
    expect(watch.troubles(new URL(site.url).origin)).toEqual({ errors: [], failures: [], outside: [] });
  });

  it('shows in its JSON tab what the command prints, for every example and fixture', { timeout: 1_800_000 }, async () => {
    const choices = await page.getByLabel('Example', { exact: true }).locator('option').allTextContents();
    expect(choices).toEqual(['Your own texts', ...EXAMPLES.map((example) => example.label)]);
    // Every YAML file of fixtures/ but the texts that go with others: fixtures/embedded/.platlint.yaml and the five policy packs' policy.yaml.
    expect(EXAMPLES.length).toBe(328);
    const mismatches: string[] = [];
    for (const [index, example] of EXAMPLES.entries()) {
      await page.getByLabel('Example', { exact: true }).selectOption(String(index));
      await diagnosticsShown(page);
      const shown = await jsonTab(page);
      const command = commandOutput(example.texts);
      if (shown.stdout !== command.stdout || shown.stderr !== command.stderr) mismatches.push(`${example.label}:\n${JSON.stringify(shown)}\n${JSON.stringify(command)}`);
    }
    expect(mismatches).toEqual([]);
  });
});
