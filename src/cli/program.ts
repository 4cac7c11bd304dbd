import { Command, CommanderError, Option } from 'commander';
import type { CliIo } from './io.js';
import { runLint, type LintFlags } from './lint-command.js';
import { runBaseline, type BaselineFlags } from './baseline-command.js';
import { runPolicyTest, type PolicyTestFlags } from './policy-command.js';
import { runPolicyExport, type ExportFlags } from './export-command.js';
import { registerChangeCommands } from './change-commands.js';
import { runInit } from './init-command.js';
import { runPrintConfig, type PrintConfigFlags } from './print-config-command.js';
import { ConfigError } from '../settings-file/load.js';
import { runExplain, runRules, runSchema } from './info-commands.js';
import type { RuleSetFlags } from '../project/rule-set.js';
import { UsageError } from './settings.js';
import { VERSION } from './version.js';
import { FileWriteError } from '../project/write-file.js';
import { megabytes } from '../project/read-file.js';
import authSamlCaRule from '../../rules/auth/saml-ca/index.js';
import { collect, configOptions, outputOptions, reportOptions, withColorFlag } from './options.js';
import { PARALLEL_MIN_BYTES, TWO_CORE_MIN_BYTES } from './parallel.js';

/** Runs the command line and returns the exit code: 0 clean, 1 lint errors, 2 usage, I/O or internal failure. */
export async function main(argv: readonly string[], io: CliIo, env: Readonly<Record<string, string | undefined>> = {}): Promise<number> {
  let exitCode = 0;
  /** The action of a command whose run gives the exit code. */
  const exitWith =
    <Args extends unknown[]>(run: (...args: Args) => number | Promise<number>) =>
    async (...args: Args): Promise<void> => {
      exitCode = await run(...args);
    };
  const program = new Command('platlint')
    .description('Lint and policy-check management.platform/v1 User and Config manifests.\nlint is the default command: platlint [paths...] is platlint lint [paths...].')
    .version(VERSION)
    .exitOverride()
    // Commander's own errors ("error: unknown option") get the prefix every other error line has.
    .configureOutput({ writeOut: (s) => io.out(s), writeErr: (s) => s.replace(/\n$/, '').replace(/^error: /, 'platlint: ').split('\n').forEach((line) => io.error(line)) })
    .showSuggestionAfterError();

  reportOptions(program.command('lint', { isDefault: true }), 'stylish, concise, json, sarif, github, junit or gitlab (repeatable; default stylish, github on GitHub Actions)')
    .description('lint files, directories (*.yaml, *.yml), globs, or - for stdin (the default command)')
    .argument('[paths...]', 'files, directories, globs or -')
    .option('--stdin-filename <name>', 'name to report for input read from stdin')
    .option('--quiet', 'report errors only (--fix then fixes only errors)')
    .option('--threads <count>', `lint on at most this many threads, the main one included; 1 starts no worker (default: one a core, from ${megabytes(PARALLEL_MIN_BYTES)} of input, ${megabytes(TWO_CORE_MIN_BYTES)} on two cores)`)
    .option('--statistics', 'after the report, count the problems by rule, with how many are fixable (stylish and json)')
    .option('--timing', 'after the report, print on stderr the time the 10 slowest rules took (lints every file: no --cache)')
    .option('--verbose', 'also list the files and documents skipped (not platform objects, policy test fixtures), with the reason')
    .option('--max-warnings <n>', 'exit 1 when there are more warnings than this')
    .option('--fix', 'apply safe fixes to the files')
    .option('--unfixable <id>', "leave a rule's (or a glob of rules') fixes to be applied by hand: --fix and --diff do not apply them, the report offers each as a suggestion (repeatable; as the configuration's unfixable)", collect, [])
    .option('--fixable <id>', "apply only this rule's (or these rules') fixes: --fix and --diff leave every other rule's to be applied by hand, as --unfixable does (repeatable; as the configuration's fixable)", collect, [])
    .option('--fix-dry-run', 'compute fixes without writing them (the JSON report carries the fixed text)')
    .option('--diff', 'print what --fix would change as a unified diff instead of the report, write nothing; exit 1 when a file would change')
    .option('--cache', 'only re-lint files whose content, configuration or platlint version changed')
    .option('--cache-location <file>', 'the cache file (default: node_modules/.cache/platlint/cache.json of the project, else .platlintcache/cache.json)')
    .option('--print-config <file>', 'print the rule settings that apply to a file and exit')
    .option('--ignore-pattern <glob>', "also leave out the files this glob matches, relative to the working directory (repeatable; as the configuration's ignore)", collect, [])
    .option('--no-ignore', "lint the files the configuration's ignore and --ignore-pattern leave out")
    .option('--no-error-on-unmatched-pattern', 'exit 0 rather than 2 when a directory or glob has no YAML file to lint')
    .option('--base <ref>', 'lint as a change from git revision REF: transition rules run, diagnostics say if the change introduced them')
    .option('--new-only', 'with --base: report and exit only by what the change introduced')
    .option('--baseline <file>', 'the baseline file (default: .platlint-baseline.json beside the configuration file, else here)')
    .option('--no-baseline', 'report the problems the baseline suppresses too')
    .option('--no-inline-directives', 'ignore # platlint-disable comments: report what they would suppress')
    .action(exitWith((paths: string[], flags: LintFlags) => runLint(paths, flags, withColorFlag(io, flags), env)));

  const baseline = program
    .command('baseline')
    .description('lint as platlint does, then write every problem found to the baseline, which later runs suppress')
    .argument('[paths...]', 'files, directories, globs or -')
    .option('--prune', 'only remove the baseline entries that match no problem; add none')
    .action(exitWith((paths: string[], flags: BaselineFlags) => runBaseline(paths, flags, withColorFlag(io, flags), env)));
  // It lints exactly as `platlint` does, so it takes the same options, but for the two that would make it no baseline
  // and --timing, whose table comes after a report it does not print.
  const lint = program.commands.find((command) => command.name() === 'lint');
  const notForBaseline = new Set(['--no-baseline', '--diff', '--timing']);
  for (const option of lint?.options ?? []) if (!notForBaseline.has(option.long ?? '')) baseline.addOption(option);

  registerChangeCommands(program, (code) => {
    exitCode = code;
  }, io, env);

  program
    .command('init')
    .description('write a commented starter .platlint.yaml in the current directory')
    .action(exitWith(() => runInit(io)));

  const ruleSetOptions = (command: Command): Command =>
    configOptions(command)
      .option('--policy <file-or-dir>', 'also load custom policy files (repeatable)', collect, []);

  ruleSetOptions(program.command('rules'))
    .description('list every rule, custom policy rules included, with its category, default severity and description')
    .addOption(new Option('-f, --format <format>', 'table or json').default('table'))
    .action(exitWith((flags: RuleSetFlags & { format: string }) => runRules(flags, io)));

  ruleSetOptions(program.command('print-config'))
    .description('print the settings in force for a file: presets, each rule with its severity, options and where that came from, policies, exceptions')
    .argument('<file>', 'the file (it need not exist: settings depend on its path only)')
    .option('--rule <id=severity>', 'set a rule (or a glob of rules) as lint does (repeatable)', collect, [])
    .option('--unfixable <id>', "leave a rule's (or a glob of rules') fixes alone as lint does (repeatable)", collect, [])
    .option('--fixable <id>', "apply only this rule's (or these rules') fixes as lint does (repeatable)", collect, [])
    .addOption(new Option('-f, --format <format>', 'stylish or json').default('stylish'))
    .action(exitWith((file: string, flags: PrintConfigFlags) => runPrintConfig(file, flags, io)));

  ruleSetOptions(program.command('explain'))
    .description("print a rule's documentation (a custom policy rule's definition)")
    .argument('<id>', `rule id, e.g. ${authSamlCaRule.meta.id}`)
    .action(exitWith((id: string, flags: RuleSetFlags) => runExplain(id, flags, io)));

  program
    .command('schema')
    .description("print a JSON Schema: user, config (the resource), manifest (user or config by kind), settings (.platlint.yaml), policy, report or policy-test (policy test's JSON report)")
    .argument('<name>', 'user, config, manifest, settings, policy, report or policy-test (any case)')
    .action(exitWith((name: string) => runSchema(name, io)));

  program
    .command('lsp')
    .description('run the language server (LSP over stdin and stdout) for editors')
    .option('--stdio', 'talk over stdin and stdout (the default)')
    .action(async () => {
      if (!io.startLanguageServer) throw new UsageError('this program has no language server: run the platlint command');
      await io.startLanguageServer(io.cwd);
    });

  const policy = program
    .command('policy')
    .description('work with custom policies (subcommands: test, export)')
    .argument('[subcommand]')
    .action((subcommand: string | undefined) => {
      // Without this, commander prints the group's help and exits 0, as if something had run.
      const use = 'platlint policy test <dir>, or platlint policy export [paths...]';
      throw new UsageError(subcommand === undefined ? `policy needs a subcommand: ${use}` : `unknown policy subcommand "${subcommand}" (use: ${use})`);
    });
  outputOptions(
    policy
      .command('test')
      .description('run policies against the fixture files beside them (# expect: ID markers)')
      .argument('<dir>', 'a directory of policies with their tests, or a kaptest manifest'),
    'text, json, junit or github (repeatable; default text, github on GitHub Actions)',
  ).action(exitWith((dir: string, flags: PolicyTestFlags) => runPolicyTest(dir, flags, io, env)));

  configOptions(
    policy
      .command('export')
      .description('write policy rules (and with --builtin the built-in User checks) as ValidatingAdmissionPolicies and bindings for the cluster')
      .argument('[paths...]', 'policy files or directories (default: the policies of .platlint.yaml)')
      .option('-o, --output-file <file>', 'write the YAML to a file instead of stdout')
      .option('--builtin', "also export the CEL twins of the built-in User rules")
      .option('--kubernetes-version <version>', "the cluster's Kubernetes version, whose CEL the expressions must compile in (1.30 or later; default: kubernetesVersion of .platlint.yaml, else the newest)")
      .option('--validation-actions <actions>', 'the bindings\' validationActions for every rule, e.g. Warn or Deny,Audit (default: error Deny, warning Warn, info Audit)'),
  ).action(exitWith((paths: string[], flags: ExportFlags) => runPolicyExport(paths, flags, io)));

  try {
    await program.parseAsync([...argv], { from: 'user' });
    return exitCode;
  } catch (error) {
    if (error instanceof CommanderError) {
      return error.code === 'commander.helpDisplayed' || error.code === 'commander.version' || error.code === 'commander.help' ? 0 : 2;
    }
    if (error instanceof ConfigError) {
      for (const line of error.lines) io.error(`platlint: ${line}`);
      return 2;
    }
    if (error instanceof UsageError || error instanceof FileWriteError) {
      io.error(`platlint: ${error.message}`);
      return 2;
    }
    io.error(`platlint: internal error: ${error instanceof Error ? error.message : String(error)}`);
    return 2;
  }
}
