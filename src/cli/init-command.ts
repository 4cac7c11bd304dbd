import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CliIo } from './io.js';
import { UsageError } from './settings.js';

export const STARTER_CONFIG = `# platlint configuration: https://github.com/platlint/platlint/blob/main/docs/configuration.md
# Presets, applied in order: recommended (the default), strict (every rule on),
# security (security checks as errors), export (for objects exported from the server).
extends: [recommended]

# Rule ids or globs over ids: off | info | warn | error, or [severity, options].
rules:
  # security/*: error
  # meta/server-fields: off

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

export function runInit(io: CliIo): number {
  const path = join(io.cwd, '.platlint.yaml');
  if (existsSync(path)) throw new UsageError('.platlint.yaml already exists here; edit it or remove it first');
  writeFileSync(path, STARTER_CONFIG);
  io.out('wrote .platlint.yaml\n');
  return 0;
}
