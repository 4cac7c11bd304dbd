/**
 * The browser of the browser tests: Debian's Chromium (`.ci/run` installs the `chromium` package when it is missing),
 * driven by Playwright's library, `playwright-core`, which downloads no browser of its own. Each launch starts from a
 * fresh profile: Playwright gives Chromium a new temporary user-data-dir and removes it on close.
 */
import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

export const CHROMIUM = '/usr/bin/chromium';

/** What Chromium needs on this machine: no sandbox (root, no user namespaces), no GPU, and nothing fetched on its own. */
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
] as const;

export async function launchChromium(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: install Debian's chromium package (.ci/run does)`);
  return chromium.launch({ executablePath: CHROMIUM, headless: true, chromiumSandbox: false, args: [...CHROMIUM_FLAGS] });
}
