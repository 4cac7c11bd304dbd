import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository on GitHub: rule pages link there, and so does the docs site for files that are not pages. */
export const REPOSITORY_URL = 'https://github.com/platlint/platlint';

export const DOCS_BASE = `${REPOSITORY_URL}/blob/main/rules`;

export function docsUrlFor(ruleId: string): string {
  return `${DOCS_BASE}/${ruleId}/README.md`;
}

let packageRoot: string | undefined;

/** The installed package's root, whether running from `dist/` or from the sources under test. */
export function findPackageRoot(): string {
  if (packageRoot) return packageRoot;
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, 'package.json'))) {
    const parent = dirname(dir);
    if (parent === dir) throw new Error('platlint: cannot find its own package.json');
    dir = parent;
  }
  packageRoot = dir;
  return dir;
}

/**
 * The published package carries the rule docs as one gzipped JSON object, rule id -> README text, written by
 * `npm run build` beside the CLI bundle (src/build/rule-docs-archive.ts): a quarter of the size of the pages, in one file.
 */
export const RULE_DOCS_ARCHIVE = join('dist', 'src', 'cli', 'rule-docs.json.gz');

let archivedDocs: Readonly<Record<string, string>> | undefined;

function archivedDoc(ruleId: string): string | undefined {
  if (archivedDocs === undefined) {
    const file = join(findPackageRoot(), RULE_DOCS_ARCHIVE);
    // node:zlib on first use: only `explain` and `rules` read the archive, and loading it costs every start.
    const { gunzipSync } = createRequire(import.meta.url)('node:zlib') as typeof import('node:zlib');
    archivedDocs = existsSync(file) ? (JSON.parse(gunzipSync(readFileSync(file)).toString('utf8')) as Record<string, string>) : {};
  }
  return Object.hasOwn(archivedDocs, ruleId) ? archivedDocs[ruleId] : undefined;
}

/** A built-in rule's doc page (from rules/ in a checkout, from the archive in the package), or undefined when the id has none. */
export function readRuleDoc(ruleId: string): string | undefined {
  if (!/^[a-z0-9-]+\/[a-z0-9-]+$/.test(ruleId)) return undefined;
  const file = join(findPackageRoot(), 'rules', ruleId, 'README.md');
  return existsSync(file) ? readFileSync(file, 'utf8') : archivedDoc(ruleId);
}
