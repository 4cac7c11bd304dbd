/**
 * Build step helper: the rule docs (`rules/<area>/<name>/README.md`) as one gzipped JSON object, rule id -> text, for
 * the published package; `platlint explain` reads it there (src/engine/docs.ts). 170 kB of Markdown pack into some
 * 45 kB, and one file instead of one a rule.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { constants, gzipSync } from 'node:zlib';

export function ruleDocs(root: string): Record<string, string> {
  const rulesDir = join(root, 'rules');
  const docs: Record<string, string> = {};
  for (const area of readdirSync(rulesDir, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name).sort()) {
    for (const name of readdirSync(join(rulesDir, area), { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name).sort()) {
      const file = join(rulesDir, area, name, 'README.md');
      if (existsSync(file)) docs[`${area}/${name}`] = readFileSync(file, 'utf8');
    }
  }
  return docs;
}

export function ruleDocsArchive(root: string): Buffer {
  return gzipSync(JSON.stringify(ruleDocs(root)), { level: constants.Z_BEST_COMPRESSION });
}
