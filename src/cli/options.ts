import { resolve } from 'node:path';
import type { Command } from 'commander';
import { nearest } from '../engine/suggest.js';
import { UsageError } from './settings.js';

/** The parser of a repeatable option: each use adds its value. */
export function collect(value: string, previous: string[]): string[] {
  return [...previous, value];
}

/** Where the settings come from: a configuration file, or none. */
export function configOptions(command: Command): Command {
  return command
    .option('-c, --config <file>', 'configuration file (default: .platlint.yaml from the current directory upward)')
    .option('--no-config', 'ignore configuration files');
}

/** The reports and their files (`formats` says which the command offers); `formatOutputs` reads them. */
export function outputOptions(command: Command, formats: string): Command {
  return command
    .option('-f, --format <format>', formats, collect, [])
    .option('-o, --output-file <file>', 'write the report of the --format before it to a file (repeatable)', collect, []);
}

/** What a lint reports and where: the formats (`formats` says which the command offers) and their files, colour, then the settings, rules and policies. */
export function reportOptions(command: Command, formats: string): Command {
  return configOptions(outputOptions(command, formats).option('--color', 'colour the stylish report even when stdout is not a terminal').option('--no-color', 'never colour the stylish report'))
    .option('--rule <id=severity>', 'set a rule (or a glob of rules) to off, info, warn or error (repeatable)', collect, [])
    .option('--policy <file-or-dir>', 'load custom policy files (repeatable)', collect, []);
}

/** A report: its format, and the file it goes to (stdout without one). */
export interface Output<Format extends string> {
  format: Format;
  file?: string;
}

/**
 * The reports `--format` and `-o` ask for: each `-o FILE` belongs to the `--format` given in the same position, a
 * format without one goes to stdout; no `--format` is one report in `fallback`. `cwd` resolves the files: two
 * reports to one file (`-o r.json` twice, or `-o ./r.json`) would leave the last alone, so that is refused.
 */
export function formatOutputs<Format extends string>(flags: { format: string[]; outputFile: string[] }, names: readonly Format[], fallback: Format, cwd: string): Output<Format>[] {
  const formats = flags.format.length ? flags.format : [fallback];
  if (flags.outputFile.length > formats.length) throw new UsageError('more -o files than --format options: give each -o after its --format');
  const seen = new Set<string>();
  for (const file of flags.outputFile) {
    if (seen.has(resolve(cwd, file))) throw new UsageError(`-o ${file}: another report is written to that file; give each report a file of its own`);
    seen.add(resolve(cwd, file));
  }
  return formats.map((format, i) => {
    if (!names.some((name) => name === format)) throw new UsageError(`unknown format "${format}"${nearest(format, names)} (use ${names.join(', ')})`);
    const file = flags.outputFile[i];
    return { format: format as Format, ...(file ? { file } : {}) };
  });
}

/** The process's I/O with `--color` or `--no-color`, which win over the terminal and the environment (ESLint's flags). */
export function withColorFlag<Io extends { color: boolean }>(io: Io, flags: { color?: boolean }): Io {
  return flags.color === undefined ? io : { ...io, color: flags.color };
}
