/**
 * The mistakes of a `.platlint.yaml` (`ConfigError`'s lines) as diagnostics on the file itself, where an editor shows
 * them: the language server, and the playground's editor of the file. The CLI prints the lines and exits 2.
 */
import { DiagnosticSink, type ReportingRule } from '../engine/diagnostics.js';
import type { Diagnostic } from '../engine/types.js';

/** A mistake in a `.platlint.yaml`. No rule module: the configuration that would set its severity is the file that has the mistake. */
const CONFIG_RULE: ReportingRule = { id: 'config-file/invalid', severity: 'error', messages: { invalid: '{{detail}}' } };

/**
 * `ConfigError` messages (`/path/.platlint.yaml:2:3: rules.x: …`) as diagnostics, each at its place in the file over
 * the key or value it is about (up to the next `:` or space), or at the start of the file.
 */
export function configProblems(file: string, text: string | undefined, messages: readonly string[]): Diagnostic[] {
  const source = text ?? '';
  const sink = new DiagnosticSink({ text: source, settings: new Map() });
  for (const message of messages) {
    const located = message.startsWith(`${file}:`) ? /^(\d+):(\d+): ([\s\S]*)$/.exec(message.slice(file.length + 1)) : null;
    const at = located?.[1] && located[2] && located[3] !== undefined ? sink.offsetAt(Number(located[1]), Number(located[2])) : 0;
    const token = /^[^:\s]*/.exec(source.slice(at))?.[0] ?? '';
    sink.emit({ rule: CONFIG_RULE, messageId: 'invalid', data: { detail: located?.[3] ?? message }, range: [at, at + Math.max(1, token.length)], pointer: '', document: 0 });
  }
  return sink.finish({ withFrames: false }).diagnostics;
}
