/** How user-written values are put into messages: the rules' (through rules/api.ts), the engine's and the CLI's. */
import type { DataPath, NodeFacts } from '../rule-model/types.js';

/**
 * A user-written value for a message: line breaks and tabs escaped and long values cut, so that one diagnostic
 * stays one readable line.
 */
export function shown(value: string, max = 120): string {
  const oneLine = value.replace(/[\r\n\t]/g, (c) => (c === '\t' ? '\\t' : c === '\n' ? '\\n' : '\\r'));
  return oneLine.length > max ? `${oneLine.slice(0, max - 1)}…` : oneLine;
}

/**
 * A scalar as the file writes it, for a message: the number the decoder made of `-0x10`, `1e3` or
 * `99999999999999999999999` prints as -16, 1000 or 99999999999999991611392, which the reader cannot find in the file.
 * `String(value)` where the path has no scalar of its own (an alias).
 */
export function writtenScalar(facts: Pick<NodeFacts, 'scalar'>, path: DataPath, value: unknown): string {
  return shown(facts.scalar(path)?.source ?? String(value));
}

/** A value of any type for a message: as JSON (strings quoted), `(absent)` where there is none, cut as `shown` cuts. */
export function shownJson(value: unknown): string {
  return value === undefined ? '(absent)' : shown(JSON.stringify(value) ?? String(value));
}

/** The lines of a text with the white space around them cut and the blank ones left out: text put on one line. */
export function textLines(text: string): string[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
}

/** apimachinery's problem texts joined into one clause of a message. */
export function problemsText(problems: readonly string[]): string {
  return problems.join('; ');
}

/** The message's first sentence (a trailing question kept: it is usually the did-you-mean the fix applies). */
function shortMessage(message: string, max = 100): string {
  const end = /[.?!](?=\s|$)/.exec(message);
  let short = end ? message.slice(0, end.index + (end[0] === '.' ? 0 : 1)) : message;
  if (short.length > max) short = `${short.slice(0, max - 1).trimEnd()}…`;
  return short;
}

/** What applying a diagnostic's fix is called: the editor's quick fix, and the suggestion an `unfixable` rule's fix becomes. */
export function fixTitle(message: string): string {
  return `Fix: ${shortMessage(message)}`;
}
