/**
 * The playground's speed, measured in the browser (Debian's Chromium, as the e2e tests drive it) on the site
 * `npm run site` built, served locally by the site's own server:
 *
 * - first diagnostics on a cold cache: a fresh browser context (its own empty cache) opens /playground/; the time
 *   from the navigation's start to the first diagnostics shown (the end of the page's first `platlint:lint` measure);
 * - edits of a 300-line Config (fixtures/examples/maximal-config.yaml up to its `status.platformHost`, 310 lines),
 *   opened from a Share link: one character typed or deleted at a time, each timed by the page's own measure, from
 *   the moment its debounce ends and it asks the worker, to the diagnostics shown in the editor, the list and the
 *   JSON tab;
 * - the JavaScript the page loads (its scripts and its worker's), each file gzipped (level 9) as a server would send it.
 *
 *   npm run bench:playground [-- --edits N] [--opens N]   # builds the site first; prints a table and one JSON line
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync, deflateRawSync } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from '../e2e/browser/chromium.js';
import { serveStatic } from '../../src/site/static-server.js';
import { SITE_DIR } from '../../src/site/site-data.js';
import { log, median, ms, root, table } from './measure.js';

/** The page's measure of each lint (src/playground/page/playground.ts LINT_MEASURE) and its debounce. */
const LINT_MEASURE = 'platlint:lint';
const DEBOUNCE_MS = 200;
const TARGETS = { editMs: 50, coldMs: 2000, gzippedBytes: 1024 * 1024 };

function argument(name: string, fallback: number): number {
  const at = process.argv.indexOf(`--${name}`);
  const value = at < 0 ? fallback : Number(process.argv[at + 1]);
  if (!Number.isInteger(value) || value < 1) throw new Error(`--${name} takes a whole number of 1 or more`);
  return value;
}

/** The 300-line Config: the example up to and with its `status.platformHost` line. */
function benchConfig(): string {
  const lines = readFileSync(join(root, 'fixtures', 'examples', 'maximal-config.yaml'), 'utf8').split('\n');
  const end = lines.findIndex((line) => line.startsWith('  platformHost:'));
  return `${lines.slice(0, end + 1).join('\n')}\n`;
}

/** A Share link of the playground holding `manifest` (src/playground/page/share.ts's layout). */
function shareUrl(pageUrl: string, manifest: string): string {
  const state = JSON.stringify({ v: 1, manifest, config: '', policy: '' });
  return `${pageUrl}#share=${deflateRawSync(Buffer.from(state, 'utf8')).toString('base64url')}`;
}

async function diagnosticsShown(page: Page): Promise<void> {
  await page.locator('.playground-results[aria-busy="false"]').waitFor({ state: 'attached', timeout: 60_000 });
}

/** The page's lint measures so far, in order: [start, duration] from the page's time origin. */
async function lintMeasures(page: Page): Promise<[number, number][]> {
  return page.evaluate(`performance.getEntriesByName(${JSON.stringify(LINT_MEASURE)}).map((entry) => [entry.startTime, entry.duration])`);
}

interface ColdOpen {
  firstDiagnosticsMs: number;
  scripts: { url: string; bytes: number; gzipped: number }[];
}

async function openCold(browser: Browser, pageUrl: string): Promise<ColdOpen> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  try {
    const page = await context.newPage();
    const bodies: Promise<{ url: string; bytes: number; gzipped: number } | undefined>[] = [];
    // The worker's requests are the context's, not the page's.
    context.on('response', (response) => {
      if (!new URL(response.url()).pathname.endsWith('.js')) return;
      bodies.push(response.body().then((body) => ({ url: response.url(), bytes: body.length, gzipped: gzipSync(body, { level: 9 }).length }), () => undefined));
    });
    await page.goto(pageUrl);
    await diagnosticsShown(page);
    const [first] = await lintMeasures(page);
    if (!first) throw new Error('the page showed diagnostics without measuring its lint');
    await page.waitForLoadState('networkidle');
    const scripts = (await Promise.all(bodies)).filter((script) => script !== undefined);
    return { firstDiagnosticsMs: first[0] + first[1], scripts };
  } finally {
    await context.close();
  }
}

async function timeEdits(browser: Browser, pageUrl: string, manifest: string, edits: number): Promise<number[]> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  try {
    const page = await context.newPage();
    await page.goto(shareUrl(pageUrl, manifest));
    await diagnosticsShown(page);
    // An edit in the middle of a value (metadata.name), which changes what the rules see and keeps the document valid.
    await page.locator('#playground-manifest-panel .cm-line', { hasText: 'name: platform-config' }).first().click();
    await page.keyboard.press('End');
    const durations: number[] = [];
    for (let i = 0; i < edits; i++) {
      const before = (await lintMeasures(page)).length;
      await page.keyboard.press(i % 2 === 0 ? 'x' : 'Backspace');
      await diagnosticsShown(page);
      const measures = await lintMeasures(page);
      const last = measures[measures.length - 1];
      if (measures.length !== before + 1 || !last) throw new Error(`edit ${i + 1}: ${measures.length - before} lints measured, not 1`);
      durations.push(last[1]);
    }
    return durations;
  } finally {
    await context.close();
  }
}

async function main(): Promise<void> {
  const edits = argument('edits', 20);
  const opens = argument('opens', 5);
  const server = await serveStatic(join(root, SITE_DIR), '/', 0);
  const browser = await launchChromium();
  try {
    const pageUrl = new URL('playground/', server.url).href;
    const cold: ColdOpen[] = [];
    for (let i = 0; i < opens; i++) cold.push(await openCold(browser, pageUrl));
    const manifest = benchConfig();
    const durations = await timeEdits(browser, pageUrl, manifest, edits);
    const scripts = cold[0]?.scripts ?? [];
    const result = {
      configLines: manifest.split('\n').length - 1,
      edits,
      debounceMs: DEBOUNCE_MS,
      editMedianMs: median(durations),
      editMaxMs: Math.max(...durations),
      opens,
      coldFirstDiagnosticsMedianMs: median(cold.map((open) => open.firstDiagnosticsMs)),
      scriptFiles: scripts.length,
      scriptBytes: scripts.reduce((sum, script) => sum + script.bytes, 0),
      scriptGzippedBytes: scripts.reduce((sum, script) => sum + script.gzipped, 0),
    };
    const kib = (bytes: number): string => `${(bytes / 1024).toFixed(0)} KiB`;
    log(
      table([
        ['measure', 'figure', 'target'],
        [`edit of a ${result.configLines}-line Config, debounce to diagnostics (median of ${edits})`, ms(result.editMedianMs), `<= ${ms(TARGETS.editMs)}`],
        [`  slowest of the ${edits}`, ms(result.editMaxMs), ''],
        [`first diagnostics, cold cache (median of ${opens} opens)`, ms(result.coldFirstDiagnosticsMedianMs), `<= ${ms(TARGETS.coldMs)}`],
        [`page JavaScript, gzipped (${result.scriptFiles} files, ${kib(result.scriptBytes)} as served)`, kib(result.scriptGzippedBytes), `<= ${kib(TARGETS.gzippedBytes)}`],
      ]),
    );
    for (const script of [...scripts].sort((a, b) => b.gzipped - a.gzipped)) log(`  ${kib(script.gzipped).padStart(8)}  ${new URL(script.url).pathname}`);
    log(JSON.stringify(result));
  } finally {
    await browser.close();
    await server.close();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`bench:playground: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(2);
});
