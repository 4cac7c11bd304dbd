/**
 * The built-in rules' doc pages as `platlint explain` and the reports read them: from rules/ in a checkout, from the
 * archive written beside the CLI bundle in the published package.
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readRegularFile, SIZE_LIMITS } from './read-file.js';

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
export const RULE_DOCS_ARCHIVE = join('dist', 'src', 'bin', 'rule-docs.json.gz');

let archivedDocs: Readonly<Record<string, string>> | undefined;

/** The archive's pages; none when it is missing, not a regular file, too large, or not what the build writes. */
function readArchive(file: string): Readonly<Record<string, string>> {
  const read = readRegularFile(file, SIZE_LIMITS.ruleDocs);
  if (!('bytes' in read)) return {};
  // node:zlib on first use: only `explain` and the reports' rule help read the archive, and loading it costs every start.
  const { gunzipSync } = createRequire(import.meta.url)('node:zlib') as typeof import('node:zlib');
  try {
    const pages: unknown = JSON.parse(gunzipSync(read.bytes, { maxOutputLength: SIZE_LIMITS.ruleDocs.bytes * 8 }).toString('utf8'));
    if (typeof pages !== 'object' || pages === null || Array.isArray(pages)) return {};
    return Object.fromEntries(Object.entries(pages).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
  } catch {
    return {};
  }
}

function archivedDoc(ruleId: string): string | undefined {
  if (archivedDocs === undefined) {
    archivedDocs = readArchive(join(findPackageRoot(), RULE_DOCS_ARCHIVE));
  }
  return Object.hasOwn(archivedDocs, ruleId) ? archivedDocs[ruleId] : undefined;
}

/** A built-in rule's doc page (from rules/ in a checkout, from the archive in the package), or undefined when the id has none. */
export function readRuleDoc(ruleId: string): string | undefined {
  if (!/^[a-z0-9-]+\/[a-z0-9-]+$/.test(ruleId)) return undefined;
  const read = readRegularFile(join(findPackageRoot(), 'rules', ruleId, 'README.md'), SIZE_LIMITS.ruleDocs);
  return 'bytes' in read ? read.bytes.toString('utf8') : archivedDoc(ruleId);
}
