import { lstatSync } from 'node:fs';
import { join } from 'node:path';
import { relativeTo } from '../settings-file/paths.js';
import { atText, embeddedCandidatesIn } from '../engine/embedded.js';
import { walkYamlFiles } from '../project/files.js';
import type { CliIo } from './io.js';
import { readRegularFile } from '../project/read-file.js';
import { UsageError } from './settings.js';
import { CONFIG_FILE_NAMES } from '../settings-file/load.js';
import { writeFileAtomic } from '../project/write-file.js';
import metaServerFieldsRule from '../../rules/meta/server-fields/index.js';
import schemaUnknownFieldRule from '../../rules/schema/unknown-field/index.js';

export const STARTER_CONFIG = `# platlint configuration: https://github.com/platlint/platlint/blob/main/docs/configuration.md
# Presets, applied in order: recommended (the default), strict (every rule on),
# security (security checks as errors), export (for objects exported from the server),
# and settings files shared between repositories (a path: ./shared/platlint.yaml).
extends: [recommended]

# Rule ids or globs over ids: off | info | warn | error, or [severity, options].
rules:
  # security/*: error
  # ${metaServerFieldsRule.meta.id}: off

# Rules whose fixes --fix and the editor's fix-all leave to you (each offered as a quick fix).
# unfixable: [${schemaUnknownFieldRule.meta.id}]
# Or the other way round, the only rules whose fixes they apply.
# fixable: [schema/*]

# Files not to lint, relative to this file.
ignore:
  - "**/node_modules/**"

# Custom CEL policies (files or directories), relative to this file.
policies: []

# Settings for some files only.
overrides:
  - files: ["exported/**"]
    extends: [export]
`;

/** Files read at most while looking for embedded configurations: `init` must stay quick in a large repository. */
const SCANNED_FILES = 2000;
const SCANNED_SIZE = { bytes: 1 << 20, of: 'a file init looks into' };

/**
 * The `embedded` entries for the configurations found in the YAML files under `dir` (docs/configuration-sources.md),
 * commented out: the person decides. Empty when there is none.
 */
export function embeddedSection(dir: string): string {
  const errors: string[] = [];
  const entries: string[] = [];
  for (const file of walkYamlFiles(dir, errors, { cwd: dir }).slice(0, SCANNED_FILES)) {
    // A file that cannot be read, or is larger, is not looked into: the person can add its entry by hand.
    const read = readRegularFile(file, SCANNED_SIZE);
    if ('reason' in read) continue;
    const text = read.bytes.toString('utf8');
    const shown = relativeTo(dir, file);
    for (const at of embeddedCandidatesIn(text)) entries.push(`#   - files: [${shown}]\n#     at: ${atText(at)}\n`);
  }
  if (entries.length === 0) return '';
  return `\n# The platform configuration kept inside other files, found here: uncomment to lint it.\n# embedded:\n${entries.join('')}`;
}

export function runInit(io: CliIo): number {
  // Any configuration file platlint would find here is the user's: a new .platlint.yaml beside a .platlint.yml would
  // hide its settings. lstat, so that a link, even a dangling one, counts as there.
  const present = CONFIG_FILE_NAMES.find((name) => lstatSync(join(io.cwd, name), { throwIfNoEntry: false }) !== undefined);
  if (present !== undefined) throw new UsageError(`${present} already exists here; edit it or remove it first`);
  const path = join(io.cwd, '.platlint.yaml');
  writeFileAtomic(path, STARTER_CONFIG + embeddedSection(io.cwd), { shown: '.platlint.yaml' });
  io.out('wrote .platlint.yaml\n');
  return 0;
}
