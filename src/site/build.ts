/**
 * `npm run site [-- --base /platlint/]`: builds the docs site into dist/site/. It writes the pages (./pages.ts) and
 * their navigation into dist/site-build/, then has VitePress build them (its configuration: .vitepress/config.ts).
 * `--base` is the path the site is served under: `/` (the default) locally, `/<repository>/` for a GitHub Pages
 * project site.
 */
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { build } from 'vitepress';
import { writeFileAtomic } from '../cli/write-file.js';
import { findPackageRoot, REPOSITORY_URL } from '../engine/docs.js';
import { repositoryAt } from './links.js';
import { writeSitePages } from './pages.js';
import { PAGES_DIR, SITE_DATA_FILE, SITE_DIR, type SiteBuild } from './site-data.js';

function baseOf(args: readonly string[]): string {
  const at = args.indexOf('--base');
  const unknown = args.filter((arg, i) => arg !== '--base' && args[i - 1] !== '--base');
  if (unknown.length) throw new Error(`unknown argument ${unknown[0] as string} (usage: npm run site [-- --base /path/])`);
  if (at < 0) return '/';
  const base = args[at + 1] ?? '';
  if (!/^\/([\w.-]+\/)*$/.test(base)) throw new Error(`--base must be a path that starts and ends with "/", such as /platlint/, not "${base}"`);
  return base;
}

async function main(): Promise<void> {
  const base = baseOf(process.argv.slice(2));
  const root = findPackageRoot();
  const started = performance.now();
  const data = writeSitePages(root, join(root, PAGES_DIR), repositoryAt(root, REPOSITORY_URL));
  const siteBuild: SiteBuild = { ...data, base };
  mkdirSync(dirname(join(root, SITE_DATA_FILE)), { recursive: true });
  writeFileAtomic(join(root, SITE_DATA_FILE), JSON.stringify(siteBuild, null, 2) + '\n');
  await build(join(root, 'src', 'site'));
  process.stderr.write(`platlint site: built ${SITE_DIR}/ for ${base} in ${((performance.now() - started) / 1000).toFixed(1)} s\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`platlint site: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(2);
});
