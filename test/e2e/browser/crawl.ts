/**
 * Every page of a served site, visited in the browser from its front page by following its links: each internal link
 * must lead to a page that loads (HTTP 200) and each `#fragment` to an element of that page with that id. Links to
 * other origins are listed, not fetched (the machine has no internet). What the pages logged as errors and every
 * request they made are kept for the tests' other checks.
 */
import type { BrowserContext } from 'playwright-core';
import { PageWatch } from './page-watch.js';

export interface CrawlReport {
  /** The pages visited, without fragment. */
  pages: string[];
  /** `page: link (why)`. */
  brokenLinks: string[];
  /** Links to other origins, each once: not checked. */
  externalLinks: string[];
  consoleErrors: string[];
  requests: string[];
  failedRequests: string[];
}

interface Link {
  from: string;
  href: string;
}

interface PageFacts {
  links: string[];
  ids: string[];
}

/** How many pages load at once. */
const TABS = 3;

export async function crawl(context: BrowserContext, start: string): Promise<CrawlReport> {
  const origin = new URL(start).origin;
  const base = new URL(start).pathname;
  const facts = new Map<string, PageFacts>();
  const queue = [start];
  const queued = new Set(queue);
  const links: Link[] = [];
  const external = new Set<string>();
  const broken: string[] = [];
  const watches: PageWatch[] = [];

  const visit = async (url: string): Promise<void> => {
    const page = await context.newPage();
    const watch = new PageWatch(page);
    watches.push(watch);
    try {
      const response = await page.goto(url, { waitUntil: 'networkidle' });
      if (response?.status() !== 200) {
        broken.push(`${url} (HTTP ${String(response?.status())})`);
        return;
      }
      const found: PageFacts = {
        links: await page.locator('a[href]').evaluateAll((anchors) => anchors.map((a) => (a as unknown as { href: string }).href)),
        ids: await page.locator('[id]').evaluateAll((elements) => elements.map((element) => element.id)),
      };
      facts.set(url, found);
      for (const href of found.links) {
        const target = new URL(href);
        if (target.origin !== origin) {
          external.add(href);
          continue;
        }
        links.push({ from: url, href });
        const pageUrl = `${target.origin}${target.pathname}`;
        if (!queued.has(pageUrl) && pageUrl.startsWith(`${origin}${base}`)) {
          queued.add(pageUrl);
          queue.push(pageUrl);
        }
      }
    } finally {
      await page.close();
    }
  };

  const worker = async (): Promise<void> => {
    for (let url = queue.shift(); url !== undefined; url = queue.shift()) await visit(url);
  };
  // A tab that finds the queue empty stops; the others may add to it, so go on until a round adds nothing.
  while (queue.length > 0) await Promise.all(Array.from({ length: TABS }, worker));

  for (const { from, href } of links) {
    const target = new URL(href);
    const pageUrl = `${target.origin}${target.pathname}`;
    if (!pageUrl.startsWith(`${origin}${base}`)) {
      broken.push(`${from}: ${href} (outside the site's base ${base})`);
      continue;
    }
    const fragment = decodeURIComponent(target.hash.slice(1));
    const page = facts.get(pageUrl);
    // A page that did not load is already reported above, once.
    if (page !== undefined && fragment !== '' && !page.ids.includes(fragment)) broken.push(`${from}: ${href} (no element with id "${fragment}")`);
  }

  return {
    pages: [...facts.keys()].sort(),
    brokenLinks: [...new Set(broken)].sort(),
    externalLinks: [...external].sort(),
    consoleErrors: watches.flatMap((watch) => watch.errors),
    requests: watches.flatMap((watch) => watch.requests),
    failedRequests: watches.flatMap((watch) => watch.failures),
  };
}
