import { readFileSync, writeFileSync } from 'node:fs';
import { builtinRules } from '../../rules/index.js';
import { docsUrlFor } from '../engine/docs.js';
import { lintBytes } from '../engine/lint.js';
import type { FileResult } from '../engine/types.js';
import { isFormatName, loadFormatter, FORMAT_NAMES } from '../formatters/index.js';
import { summarize } from '../formatters/summary.js';
import { resolveInputs } from './files.js';
import type { CliIo } from './io.js';
import { applyRuleFlags, defaultSettings, UsageError } from './settings.js';

export interface LintFlags {
  format: string;
  outputFile?: string;
  quiet?: boolean;
  maxWarnings?: string;
  stdinFilename?: string;
  rule: string[];
}

export async function runLint(paths: readonly string[], flags: LintFlags, io: CliIo): Promise<number> {
  if (!isFormatName(flags.format)) throw new UsageError(`unknown format "${flags.format}" (use ${FORMAT_NAMES.join(', ')})`);
  let maxWarnings: number | undefined;
  if (flags.maxWarnings !== undefined) {
    maxWarnings = Number(flags.maxWarnings);
    if (!Number.isInteger(maxWarnings) || maxWarnings < -1) throw new UsageError(`--max-warnings takes a whole number, not "${flags.maxWarnings}"`);
  }
  const rules = builtinRules;
  const settings = defaultSettings(rules);
  applyRuleFlags(settings, flags.rule, rules);
  const formatter = await loadFormatter(flags.format);

  const wantsStdin = paths.includes('-');
  const inputs = resolveInputs(paths.length ? paths.filter((p) => p !== '-') : wantsStdin ? [] : ['.'], io.cwd);
  let failed = inputs.errors.length > 0;
  for (const error of inputs.errors) io.error(error);

  const results: FileResult[] = [];
  const lintOne = (filename: string, bytes: Uint8Array): void => {
    const result = lintBytes(bytes, { filename, rules, settings, docsUrl: docsUrlFor, withFrames: flags.format === 'stylish' });
    if (flags.quiet) result.diagnostics = result.diagnostics.filter((d) => d.severity === 'error');
    results.push(result);
  };
  if (wantsStdin) lintOne(flags.stdinFilename ?? '<stdin>', await io.readStdin());
  for (const file of inputs.files) {
    let bytes: Uint8Array;
    try {
      bytes = readFileSync(file);
    } catch (error) {
      io.error(`cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
      failed = true;
      continue;
    }
    lintOne(file, bytes);
  }

  const text = formatter(results, { color: io.color && !flags.outputFile, cwd: io.cwd });
  if (flags.outputFile) {
    try {
      writeFileSync(flags.outputFile, text);
    } catch (error) {
      io.error(`cannot write ${flags.outputFile}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
      return 2;
    }
  } else {
    io.out(text);
  }
  if (failed) return 2;
  const summary = summarize(results);
  if (summary.errors > 0) return 1;
  if (maxWarnings !== undefined && maxWarnings >= 0 && summary.warnings > maxWarnings) {
    io.error(`platlint: ${summary.warnings} warning${summary.warnings === 1 ? '' : 's'}, more than --max-warnings ${maxWarnings}`);
    return 1;
  }
  return 0;
}
