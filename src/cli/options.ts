import type { Command } from 'commander';

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

/** What a lint reports and where: the formats (`formats` says which the command offers) and their files, then the settings, rules and policies. */
export function reportOptions(command: Command, formats: string): Command {
  command
    .option('-f, --format <format>', formats, collect, [])
    .option('-o, --output-file <file>', 'write the report of the --format before it to a file (repeatable)', collect, []);
  return configOptions(command)
    .option('--rule <id=severity>', 'set a rule (or a glob of rules) to off, info, warn or error (repeatable)', collect, [])
    .option('--policy <file-or-dir>', 'load custom policy files (repeatable)', collect, []);
}
