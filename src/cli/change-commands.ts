import { Command } from 'commander';
import type { CliIo } from './io.js';
import type { LintFlags } from './lint-command.js';
import { reportOptions, withColorFlag } from './options.js';

/** The lint options that make sense for one linted file: output, rules and policies, severity filters. */
function lintOptions(command: Command): Command {
  return reportOptions(command, 'stylish, concise, json, sarif, github, junit or gitlab (repeatable)')
    .option('--quiet', 'report errors only')
    .option('--max-warnings <n>', 'exit 1 when there are more warnings than this');
}

/** `platlint diff` and `platlint patch`: their code loads only when they run. */
export function registerChangeCommands(program: Command, setExitCode: (code: number) => void, io: CliIo, env: Readonly<Record<string, string | undefined>>): void {
  lintOptions(program.command('diff'))
    .description('lint NEW as an update of OLD: every rule on NEW, plus the change/ transition rules')
    .argument('<old>', 'the previous version (a YAML file with one or more objects)')
    .argument('<new>', 'the new version (a file, or - for stdin)')
    .action(async (oldFile: string, newFile: string, flags: LintFlags) => {
      const { runDiff } = await import('./diff-command.js');
      setExitCode(await runDiff(oldFile, newFile, { ...flags, cacheLocation: '' }, withColorFlag(io, flags), env));
    });

  lintOptions(program.command('patch'))
    .description('apply a JSON Patch (RFC 6902, JSON or YAML) to BASE and lint the patch and the patched object')
    .argument('<base>', 'the object as retrieved (YAML or JSON; - for stdin)')
    .argument('<patch>', 'the JSON Patch document: a list of operations (JSON or YAML; - for stdin)')
    .option('--print', 'print the patched document as YAML instead of linting (any YAML or JSON document)')
    .action(async (baseFile: string, patchFile: string, flags: LintFlags & { print?: boolean }) => {
      const { runPatch } = await import('./patch-command.js');
      setExitCode(await runPatch(baseFile, patchFile, flags, withColorFlag(io, flags), env));
    });
}
