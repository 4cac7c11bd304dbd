import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { walkYamlFiles } from '../../src/cli/files.js';

/** Every YAML file under a directory, found by the linter's own walker (ignore files aside); a problem throws. */
export function yamlFilesUnder(dir: string): string[] {
  const errors: string[] = [];
  const files = walkYamlFiles(dir, errors, { ignoreFiles: false });
  if (errors.length) throw new Error(errors.join('\n'));
  return files;
}

/** A new temporary directory holding the given files (paths relative to it, folders created). */
export function tempTree(prefix: string, files: Readonly<Record<string, string>>): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(join(dir, name, '..'), { recursive: true });
    writeFileSync(join(dir, name), text);
  }
  return dir;
}
