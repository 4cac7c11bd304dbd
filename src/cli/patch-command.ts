import { resolve } from 'node:path';
import { stringify } from 'yaml';
import { builtinRules } from '../../rules/index.js';
import { decodeSource } from '../engine/decode.js';
import { DEFAULT_PRESET, presetSettings } from '../engine/presets.js';
import { problemLines } from '../engine/problem-line.js';
import type { FileResult } from '../engine/types.js';
import { lintPatch, PatchInputError, type PatchFile } from '../patch/lint.js';
import type { CliIo } from './io.js';
import { readManifestText } from '../project/read-file.js';
import { exitCodeOf, outputs, type LintFlags } from './lint-command.js';
import { ReportOutputs, ruleInfoLookup } from './report-output.js';
import { loadRuleSet } from '../project/rule-set.js';
import { parseMaxWarnings, renamedRuleWarnings, ruleOverrides } from './settings.js';
import { withOverrides } from '../project/settings.js';
import { VERSION } from './version.js';

async function readInput(file: string, io: CliIo): Promise<PatchFile | undefined> {
  if (file !== '-') {
    const read = readManifestText(resolve(io.cwd, file));
    if ('text' in read) return { file, text: read.text };
    io.error(`platlint: cannot read ${file}: ${read.reason}`);
    return undefined;
  }
  const read = await io.readStdin();
  if ('reason' in read) {
    io.error(`platlint: cannot read stdin: ${read.reason}`);
    return undefined;
  }
  const decoded = decodeSource(read.bytes);
  if (decoded.ok) return { file, text: decoded.text };
  io.error(`platlint: cannot read ${file}: ${decoded.reason}`);
  return undefined;
}

/**
 * `--print`: the patched document as YAML on stdout, like `kubectl patch --dry-run=client -o yaml`; when the patch
 * cannot apply, its problems on stderr and exit 1. Works on any YAML or JSON document, platform object or not.
 */
function printPatched(base: PatchFile, patch: PatchFile, io: CliIo): number {
  const settings = presetSettings(DEFAULT_PRESET, builtinRules);
  // What can stop a patch from applying: the patch's own rules, and what reading BASE and PATCH finds.
  const rules = builtinRules.filter((r) => r.meta.stages?.some((stage) => stage === 'patch' || stage === 'read'));
  const { results, patched } = lintPatch(base, patch, { rules, settings });
  if (patched === undefined) {
    const lines = problemLines(results);
    for (const line of lines.length ? lines : [`${patch.file}: the patch cannot be applied`]) io.error(line);
    return 1;
  }
  io.out(stringify(patched, { version: '1.1' }));
  return 0;
}

/** `platlint patch BASE PATCH`: exit 0 clean, 1 problems (or a patch that cannot apply), 2 unusable input. */
export async function runPatch(baseFile: string, patchFile: string, flags: LintFlags & { print?: boolean }, io: CliIo, env: Readonly<Record<string, string | undefined>>): Promise<number> {
  if (baseFile === '-' && patchFile === '-') {
    io.error('platlint: only one of BASE and PATCH can be read from stdin (-)');
    return 2;
  }
  const base = await readInput(baseFile, io);
  const patch = await readInput(patchFile, io);
  if (!base || !patch) return 2;
  try {
    if (flags.print) return printPatched(base, patch, io);
    const targets = outputs(flags, env, io.cwd);
    const maxWarnings = parseMaxWarnings(flags.maxWarnings);
    const { config, rules, policies, policyFiles, docsUrl } = await loadRuleSet(flags, io.cwd);
    const settings = withOverrides(config.settingsFor(baseFile), ruleOverrides({ rule: flags.rule ?? [] }, rules), rules);
    for (const warning of renamedRuleWarnings(config.deprecations, { rule: flags.rule ?? [] }, rules)) io.error(warning);
    const withFrames = targets.some((t) => t.format === 'stylish');
    const { results } = lintPatch(base, patch, { rules, settings, docsUrl, withFrames });
    const all: FileResult[] = [...(policies?.problems ?? []), ...results, ...(policies?.evaluationProblems(results) ?? [])];
    // The same reports as the lint command's: `-o` creates its folders, and a file that cannot be written exits 2.
    const reports = await ReportOutputs.open(targets, { cwd: io.cwd, ruleInfo: ruleInfoLookup({ rules, policies, docsUrl }), toolVersion: VERSION, verbose: flags.verbose === true, quiet: flags.quiet === true, lateFiles: policyFiles.map((p) => p.file) }, io);
    for (const result of all) reports.add(result);
    const summary = reports.end();
    if (policies?.problems.some((p) => p.ioError) || reports.writeFailed) return 2;
    return exitCodeOf(summary, maxWarnings, io);
  } catch (error) {
    if (error instanceof PatchInputError) {
      io.error(`platlint: ${error.message}`);
      return 2;
    }
    throw error;
  }
}
