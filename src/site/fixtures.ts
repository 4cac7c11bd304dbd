/**
 * The rules' fixtures, `fixtures/<rule-id>/`, and how they are linted: test/rules/fixtures.test.ts checks what they
 * report against their `# expect: <id>` markers, and the docs site's rule pages show it. `X.old.yaml` is the previous
 * version of `X.yaml` (the fixture is linted as an update of it); `X.patch.yaml` is a JSON Patch of `X.base.yaml`, or
 * of the folder's `base.yaml`.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { builtinRules } from '../../rules/index.js';
import { ChangeContext } from '../change/context.js';
import { docsUrlFor } from '../engine/docs.js';
import { lintText } from '../engine/lint.js';
import { presetSettings } from '../engine/presets.js';
import type { Diagnostic, Rule } from '../engine/types.js';
import { lintPatch } from '../patch/lint.js';
import { expectedMarkers } from '../project/fixture-check.js';
import { isYamlFileName } from '../settings-file/paths.js';
import { useNodeHost } from '../project/node-host.js';

/** A fixture's files: `X.old.yaml` and the patches' bases go with the fixture they belong to. */
export function fixtureFiles(fixturesDir: string, ruleId: string): string[] {
  const dir = join(fixturesDir, ruleId);
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => isYamlFileName(f) && !/(?:^|\.)(?:old|base)\.ya?ml$/.test(f))
    .sort()
    .map((f) => join(dir, f));
}

/** What a fixture is linted against: the previous version it updates, or the object it patches. */
export interface FixtureCompanion {
  role: 'previous' | 'base';
  file: string;
}

export function companionOf(file: string): FixtureCompanion | undefined {
  const sibling = (suffix: string): string | undefined => {
    const path = file.replace(/(?:\.patch)?\.ya?ml$/, suffix);
    return existsSync(path) ? path : undefined;
  };
  if (/\.patch\.ya?ml$/.test(file)) return { role: 'base', file: sibling('.base.yaml') ?? join(dirname(file), 'base.yaml') };
  const previous = sibling('.old.yaml');
  return previous === undefined ? undefined : { role: 'previous', file: previous };
}

/**
 * A fixture's diagnostics with every rule on (the `strict` preset): as an update, or as a patch of its base. The
 * rules are the built-in ones unless others are given. Read with Node's services (certificates), as the CLI reads it.
 */
export function lintFixture(file: string, text: string, options: { pruneSections?: boolean; rules?: readonly Rule[] } = {}): Diagnostic[] {
  useNodeHost();
  const rules = options.rules ?? builtinRules;
  const settings = presetSettings('strict', rules);
  const common = { rules, settings, docsUrl: docsUrlFor, ...(options.pruneSections === false ? { pruneSections: false } : {}) };
  const companion = companionOf(file);
  if (companion?.role === 'base') {
    const { results } = lintPatch({ file: 'base.yaml', text: readFileSync(companion.file, 'utf8') }, { file: 'patch.yaml', text }, common);
    return results[0]?.diagnostics ?? [];
  }
  const filename = 'test.yaml';
  const previous = companion && readFileSync(companion.file, 'utf8');
  const change = previous === undefined ? undefined : new ChangeContext({ text: () => previous, files: () => ['old.yaml'], oldPathOf: () => 'old.yaml' });
  return lintText(text, { ...common, filename, ...(change ? { previousOf: change.previousFor(filename, text) } : {}) }).diagnostics;
}

/** The rules whose diagnostics a fixture of `ruleId` speaks for: its own, and every rule one of its markers names. */
export function rulesShownBy(ruleId: string, text: string): Set<string> {
  return new Set([ruleId, ...[...expectedMarkers(text)].map((marker) => marker.slice(marker.indexOf(' ') + 1))]);
}
