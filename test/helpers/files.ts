import { readdirSync } from 'node:fs';
import { join } from 'node:path';

/** Every `.yaml`/`.yml` file under a directory, depth first in directory order. */
export function yamlFilesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return yamlFilesUnder(path);
    return /\.ya?ml$/.test(entry.name) ? [path] : [];
  });
}
