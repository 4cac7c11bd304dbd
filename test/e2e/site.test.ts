/**
 * The docs site in a real browser (Debian's Chromium, ./browser/chromium.ts), built twice as it is built for real: by
 * the command of .github/workflows/pages.yml, for the base path of a GitHub Pages project site, and by the commands
 * of docs/contributing.md, for `/`; each served by `npm run site:serve` and crawled page by page from its front page
 * (./browser/crawl.ts). Then, on the second: a rule page's examples show the engine's diagnostics, search finds a rule
 * by its id, and axe-core finds nothing serious on the front page and a rule page. Screenshots of both pages are
 * left in dist/test-artifacts/site/. Not part of `npm test` (it builds the site twice, minutes on a loaded machine);
 * `npm run test:e2e` runs it.
 */
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { parse } from 'yaml';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ROOT } from '../helpers/cli.js';
import { consoleSteps, docBlock } from '../docs/doc-blocks.js';
import { seriousViolations } from './browser/axe.js';
import { launchChromium } from './browser/chromium.js';
import { crawl, type CrawlReport } from './browser/crawl.js';
import { PageWatch } from './browser/page-watch.js';
import { runInCheckout, serveSite, type RunningSite } from './browser/site.js';

// A hook builds the site and crawls it: minutes on a loaded machine.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 900_000 });

const SITE_DIR = join(ROOT, 'dist', 'site');
const ARTIFACTS = join(ROOT, 'dist', 'test-artifacts', 'site');
const DOCS = 'docs/contributing.md';
const DOCS_HEADING = 'The docs site';
/** What actions/configure-pages gives the build step for github.com/platlint/platlint. */
const PAGES_BASE_PATH = '/platlint';

interface WorkflowStep {
  run?: string;
  uses?: string;
  with?: Record<string, string>;
}

const workflowSteps = (): WorkflowStep[] =>
  Object.values((parse(readFileSync(join(ROOT, '.github/workflows/pages.yml'), 'utf8')) as { jobs: Record<string, { steps: WorkflowStep[] }> }).jobs).flatMap((job) => job.steps);

/** The HTML pages of the built site, as the server's URLs, but the 404 page, which nothing links to. */
function builtPages(url: string): string[] {
  const files = (dir: string): string[] => readdirSync(dir, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? files(join(dir, entry.name)) : [join(dir, entry.name)]));
  return files(SITE_DIR)
    .filter((file) => file.endsWith('.html') && file !== join(SITE_DIR, '404.html'))
    .map((file) => new URL(relative(SITE_DIR, file).replace(/(^|\/)index\.html$/, '$1'), url).href)
    .sort();
}

let browser: Browser;
let context: BrowserContext;

beforeAll(async () => {
  rmSync(ARTIFACTS, { recursive: true, force: true });
  mkdirSync(ARTIFACTS, { recursive: true });
  browser = await launchChromium();
  context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
});

afterAll(async () => {
  await browser?.close();
});

/** The checks every built site passes, on the report of its crawl. */
function crawlChecks(name: string, report: () => { crawl: CrawlReport; site: RunningSite; pages: string[] }): void {
  it('reaches every page of the site from the front page, through links that all resolve, anchors included', () => {
    const { crawl: found, pages } = report();
    expect(found.brokenLinks).toEqual([]);
    expect(found.pages).toEqual(pages);
    // The README, the pages of docs/, the rule index and a page per rule: a floor that a site which lost them fails.
    expect(found.pages.length).toBeGreaterThanOrEqual(116);
    // Not fetched (no internet here): listed for a reader of the artifacts.
    writeFileSync(join(ARTIFACTS, `external-links-${name}.txt`), found.externalLinks.join('\n') + '\n');
    expect(found.externalLinks.filter((href) => !href.startsWith('https://'))).toEqual([]);
  });

  it('logs no error in the console of any page, and no request fails', () => {
    expect(report().crawl.consoleErrors).toEqual([]);
    expect(report().crawl.failedRequests).toEqual([]);
  });

  it('makes no request outside its own origin', () => {
    const { crawl: found, site } = report();
    expect(found.requests.length).toBeGreaterThan(found.pages.length);
    expect(found.requests.filter((url) => new URL(url).origin !== new URL(site.url).origin)).toEqual([]);
  });
}

describe('the site as .github/workflows/pages.yml builds it, for a GitHub Pages project site', () => {
  let site: RunningSite;
  let found: CrawlReport;
  let pages: string[];

  beforeAll(async () => {
    const build = workflowSteps().find((step) => step.run?.includes('npm run site'));
    runInCheckout((build?.run ?? '').replace('${{ steps.pages.outputs.base_path }}', PAGES_BASE_PATH));
    site = await serveSite();
    pages = builtPages(site.url);
    found = await crawl(context, site.url);
  });

  afterAll(async () => {
    await site?.stop();
  });

  it('deploys what it built, served under the base path', () => {
    expect(workflowSteps().find((step) => step.uses?.startsWith('actions/upload-pages-artifact@'))?.with?.['path']).toBe(relative(ROOT, SITE_DIR));
    expect(new URL(site.url).pathname).toBe(`${PAGES_BASE_PATH}/`);
  });

  crawlChecks('pages', () => ({ crawl: found, site, pages }));
});

describe(`the site as ${DOCS} builds and serves it`, () => {
  let site: RunningSite;
  let found: CrawlReport;
  let pages: string[];
  const [serve] = consoleSteps(docBlock(DOCS, DOCS_HEADING, 'npm run --silent site:serve'));

  beforeAll(async () => {
    runInCheckout(docBlock(DOCS, DOCS_HEADING, 'npm run site'));
    // Any free port: the documented one may be taken on a shared machine.
    site = await serveSite(`${serve?.command ?? ''} -- --port 0`);
    pages = builtPages(site.url);
    found = await crawl(context, site.url);
  });

  afterAll(async () => {
    await site?.stop();
  });

  it('prints the address it serves, on the loopback interface, as the page shows', () => {
    expect(`${site.line.replace(/:\d+\//, ':4173/')}\n`).toBe(serve?.output);
    expect(new URL(site.url).pathname).toBe('/');
  });

  crawlChecks('local', () => ({ crawl: found, site, pages }));

  describe('in the browser', () => {
    let page: Page;
    let watch: PageWatch;

    beforeAll(async () => {
      page = await context.newPage();
      watch = new PageWatch(page);
    });

    afterAll(async () => {
      await page?.close();
    });

    it("shows a rule page's fixtures with the diagnostics the engine gives them, at their lines", async () => {
      await page.goto(new URL('rules/user/duplicates.html', site.url).href, { waitUntil: 'networkidle' });
      await expect(page.title()).resolves.toBe('user/duplicates | platlint');
      const table = page.locator('h4#invalidyaml ~ .fixture-diagnostics').first();
      const rows = await table.locator('tbody tr').evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].slice(0, 3).map((td) => td.textContent)));
      expect(rows).toEqual([
        ['11:7', 'warning', 'user/duplicates'],
        ['12:7', 'warning', 'user/duplicates'],
        ['13:7', 'warning', 'user/duplicates'],
        ['14:40', 'warning', 'user/duplicates'],
      ]);
      await expect(table.locator('.diagnostic-message').first().textContent()).resolves.toBe(
        'Group "platform-engineering" is listed twice in spec.groups (first at groups[0]): the user is in a group once, however often it is listed.',
      );
      // The lines they start on are highlighted in the file shown above them.
      const code = page.locator('h4#invalidyaml ~ div[class*="language-yaml"]').first();
      const highlighted = await code.locator('.line').evaluateAll((lines) => lines.flatMap((line, i) => (line.classList.contains('highlighted') ? [i + 1] : [])));
      expect(highlighted).toEqual([11, 12, 13, 14]);
      await expect(page.locator('h4#validyaml ~ p').filter({ hasText: 'No diagnostic of user/duplicates.' }).count()).resolves.toBe(1);
      await page.screenshot({ path: join(ARTIFACTS, 'rule-page.png') });
      await table.scrollIntoViewIfNeeded();
      await page.screenshot({ path: join(ARTIFACTS, 'rule-page-examples.png') });
    });

    it('finds a rule by its id in the search box', async () => {
      await page.goto(site.url, { waitUntil: 'networkidle' });
      // Named by what it shows, its shortcut included.
      await page.getByRole('button', { name: 'Search Ctrl K', exact: true }).click();
      await page.getByRole('searchbox').fill('security/ui-scripts');
      const first = page.getByRole('option').first().getByRole('link');
      await expect(first.getAttribute('href').then((href) => href?.replace(/#.*$/, ''))).resolves.toBe('/rules/security/ui-scripts.html');
      await page.keyboard.press('Enter');
      await page.waitForURL(/\/rules\/security\/ui-scripts\.html/);
      // The page is rendered in place: its title follows the address.
      await expect.poll(() => page.title()).toBe('security/ui-scripts | platlint');
    });

    it('has no serious or critical accessibility violation on the front page and a rule page (axe-core)', async () => {
      await page.goto(site.url, { waitUntil: 'networkidle' });
      await page.screenshot({ path: join(ARTIFACTS, 'front-page.png') });
      expect(await seriousViolations(page)).toEqual([]);
      await page.goto(new URL('rules/user/duplicates.html', site.url).href, { waitUntil: 'networkidle' });
      expect(await seriousViolations(page)).toEqual([]);
    });

    it('logged no error and requested nothing outside its origin meanwhile', () => {
      // The pages the tests went to, in order (their scripts, styles and prefetches came with them).
      const pages = watch.requests.filter((url) => /(\/|\.html)$/.test(new URL(url).pathname)).map((url) => url.slice(site.url.length));
      expect(pages).toEqual(['rules/user/duplicates.html', '', '', 'rules/user/duplicates.html']);
      expect(watch.troubles(new URL(site.url).origin)).toEqual({ errors: [], failures: [], outside: [] });
    });
  });
});
