/**
 * The parse floor: what reading and parsing the corpus costs with the `yaml` package alone, single-threaded. It
 * walks the directories the way platlint does (`*.yaml`/`*.yml`, no dot-files), reads every file and parses it
 * with `parseAllDocuments` and a `LineCounter`, then converts every document with `toJS`: the least any linter
 * built on that parser has to do. It parses with the options platlint needs for the platform's YAML 1.1 reading
 * (`--yaml-defaults` uses the package's defaults instead, for comparison).
 *
 *   node dist/test/bench/floor.js DIR... [--yaml-defaults]
 *
 * Prints one JSON line: files, documents, bytes, milliseconds.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { LineCounter, parseAllDocuments, type DocumentOptions, type ParseOptions, type SchemaOptions } from 'yaml';

/** The same options as src/yaml/parse.ts (YAML 1.1 scalars, timestamps left as strings), kept inline on purpose. */
const PLATFORM_OPTIONS: ParseOptions & DocumentOptions & SchemaOptions = {
  version: '1.1',
  prettyErrors: false,
  uniqueKeys: true,
  customTags: (tags) => tags.filter((tag) => typeof tag === 'string' || tag.tag !== 'tag:yaml.org,2002:timestamp'),
};

function walk(dir: string, out: string[]): void {
  const entries = readdirSync(dir, { withFileTypes: true });
  entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const entry of entries) {
    if (entry.name.startsWith('.')) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) walk(path, out);
    else if (/\.ya?ml$/i.test(entry.name)) out.push(path);
  }
}

export interface FloorResult {
  files: number;
  documents: number;
  bytes: number;
  ms: number;
}

export function parseFloor(dirs: readonly string[], defaults = false): FloorResult {
  const start = performance.now();
  const files: string[] = [];
  for (const dir of dirs) walk(dir, files);
  let documents = 0;
  let bytes = 0;
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    bytes += text.length;
    const lineCounter = new LineCounter();
    const parsed = parseAllDocuments(text, defaults ? { lineCounter } : { ...PLATFORM_OPTIONS, lineCounter });
    for (const doc of Array.isArray(parsed) ? parsed : [parsed]) {
      documents++;
      try {
        doc.toJS({ maxAliasCount: 100 });
      } catch {
        // A document the package refuses to convert (a merge of a scalar, an alias bomb) still cost its parse;
        // platlint reports such documents as diagnostics, so the floor must not stop at them either.
      }
    }
  }
  return { files: files.length, documents, bytes, ms: performance.now() - start };
}

if (process.argv[1] && /floor\.js$/.test(process.argv[1])) {
  const args = process.argv.slice(2);
  const dirs = args.filter((a) => !a.startsWith('--'));
  process.stdout.write(JSON.stringify(parseFloor(dirs.length ? dirs : ['.'], args.includes('--yaml-defaults'))) + '\n');
}
