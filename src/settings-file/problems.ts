/**
 * The mistakes of a `.platlint.yaml` (`ConfigError`'s lines) as diagnostics on the file itself, where an editor shows
 * them: the language server, and the playground's editor of the file. The CLI prints the lines and exits 2.
 */
import configFileInvalidRule from '../../rules/config-file/invalid/index.js';
import { FileReporter } from '../engine/reporter.js';
import type { Diagnostic } from '../engine/types.js';

/**
 * `ConfigError` messages (`/path/.platlint.yaml:2:3: rules.x: …`) as diagnostics, each at its place in the file over
 * the key or value it is about (up to the next `:` or space), or at the start of the file.
 */
export function configProblems(file: string, text: string | undefined, messages: readonly string[]): Diagnostic[] {
  const source = text ?? '';
  // The configuration that would set its severity is the file that has the mistake: the rule's own.
  const reporter = new FileReporter({ text: source, settings: new Map() });
  for (const message of messages) {
    const located = message.startsWith(`${file}:`) ? /^(\d+):(\d+): ([\s\S]*)$/.exec(message.slice(file.length + 1)) : null;
    const at = located?.[1] && located[2] && located[3] !== undefined ? reporter.offsetAt(Number(located[1]), Number(located[2])) : 0;
    const token = /^[^:\s]*/.exec(source.slice(at))?.[0] ?? '';
    reporter.report({ ...configFileInvalidRule.finding('invalid', { detail: located?.[3] ?? message }), range: [at, at + Math.max(1, token.length)], pointer: '', document: 0 });
  }
  return reporter.finish({ withFrames: false }).diagnostics;
}
