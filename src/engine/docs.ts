import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const DOCS_BASE = 'https://github.com/platlint/platlint/blob/main/rules';

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

/** A built-in rule's doc page, or undefined when the id has none. */
export function readRuleDoc(ruleId: string): string | undefined {
  if (!/^[a-z0-9-]+\/[a-z0-9-]+$/.test(ruleId)) return undefined;
  const file = join(findPackageRoot(), 'rules', ruleId, 'README.md');
  return existsSync(file) ? readFileSync(file, 'utf8') : undefined;
}
