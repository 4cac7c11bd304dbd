/**
 * The `yaml` package's errors for the mistakes a newcomer makes (indentation, tabs, a missing colon or the space
 * after it, a stray or reserved character, an empty anchor), in plain words at the place to fix: the error's
 * code and position say what the parser met, the line says what the writer meant. The words are the `yaml/syntax`
 * rule's messages; this module picks one and its range. Unclosed quotes and brackets are placed in yaml-errors.ts.
 */
import type { YAMLError } from 'yaml';
import yamlSyntaxRule from '../../rules/yaml/syntax/index.js';
import { lineEnd, lineStart, nextLineStart } from '../yaml/lines.js';
import type { RuleFinding } from './types.js';

/** A syntax error in the writer's terms: a message of the `yaml/syntax` rule and where to show it (text offsets). */
export interface PlainSyntaxError {
  finding: RuleFinding;
  range: [number, number];
}

/** From `offset` to the end of its line, a trailing comment and spaces left out. */
function toLineEnd(text: string, offset: number): [number, number] {
  const line = text.slice(offset, lineEnd(text, offset));
  const comment = /\s#/.exec(line);
  const content = (comment ? line.slice(0, comment.index) : line).trimEnd();
  return [offset, offset + Math.max(1, content.length)];
}

/** The line holding `offset`, from its first character that is not a space. */
function lineContent(text: string, offset: number): [number, number] {
  const start = lineStart(text, offset);
  const indent = /^[ \t]*/.exec(text.slice(start, lineEnd(text, start)))?.[0].length ?? 0;
  return toLineEnd(text, start + indent);
}

/** The key at `offset` (`email` of `email: x`), or the rest of the line when it is not one. */
function keyAt(text: string, offset: number): [number, number] {
  const key = /^[^\s:#][^:#\n]*?(?=:(?:\s|$))/.exec(text.slice(offset, lineEnd(text, offset)));
  return key ? [offset, offset + key[0].length] : toLineEnd(text, offset);
}

const CLOSING: Record<string, string> = { ']': '[', '}': '{' };

/**
 * The key the parser read as part of the value on the line above: the next line, indented more than the key of
 * that value (`  username: jane` then `   email: …`). Undefined when the mapping is on the error's own line
 * (`email: jane: x`).
 */
function overIndentedKey(text: string, error: YAMLError): [number, number] | undefined {
  const rest = text.slice(error.pos[0], lineEnd(text, error.pos[0]));
  if (/:(?:\s|$)/.test(rest.replace(/\s#.*$/, ''))) return undefined;
  const newline = text.indexOf('\n', error.pos[0]);
  if (newline < 0) return undefined;
  return keyAt(text, lineContent(text, newline + 1)[0]);
}

/** `key: value`, `key:`, or a list item `- …`. */
function isKeyOrItem(content: string): boolean {
  return /^-(?:\s|$)/.test(content) || /:(?:\s|$)/.test(content);
}

/** The line before the one starting at `start`, comment and blank lines passed over: its content's range. */
function previousLine(text: string, start: number): [number, number] | undefined {
  for (let end = lineStart(text, start) - 1; end > 0; end = lineStart(text, end) - 1) {
    const range = lineContent(text, end);
    const content = text.slice(range[0], range[1]);
    if (content.trim() !== '' && !content.startsWith('#')) return range;
  }
  return undefined;
}

/** The start of the first line at or after `offset` that is neither blank nor a comment (`offset` if none is). */
function nextContentLine(text: string, offset: number): number {
  for (let start = lineStart(text, offset); start < text.length; start = nextLineStart(text, start)) {
    const [from, to] = lineContent(text, start);
    if (!/^(?:#|\s*$)/.test(text.slice(from, to))) return start;
  }
  return offset;
}

/** A line that should be `key: value`: its colon, or the space after it, is missing. */
function withoutColon(text: string, [start, end]: [number, number]): PlainSyntaxError {
  const glued = /^([^\s:#"'[{][^\s:#]*):(?=[^\s:])/.exec(text.slice(start, end));
  if (glued?.[1]) return { finding: yamlSyntaxRule.finding('missingSpace', { key: glued[1] }), range: [start + glued[1].length, start + glued[1].length + 1] };
  return { finding: yamlSyntaxRule.finding('missingColon'), range: [start, end] };
}

/** The plain-words version of a parser error, or undefined for one a newcomer rarely meets (the parser's words stay). */
export function plainSyntaxError(error: YAMLError, text: string): PlainSyntaxError | undefined {
  const at = error.pos[0];
  const message = error.message.split('\n')[0] ?? '';
  switch (error.code) {
    case 'BAD_INDENT': {
      if (!/^All (?:mapping|collection) items must start at the same column/.test(message)) return undefined;
      // The parser may point at the blank lines before the key.
      const start = at + (/\S/.exec(text.slice(at))?.index ?? 0);
      // Lined up with the line above, which is no key (a comment ends it there): that line lost its colon.
      const above = previousLine(text, start);
      if (above && above[0] - lineStart(text, above[0]) === start - lineStart(text, start) && !isKeyOrItem(text.slice(above[0], above[1]))) return withoutColon(text, above);
      return { finding: yamlSyntaxRule.finding('misaligned'), range: keyAt(text, start) };
    }
    case 'BLOCK_AS_IMPLICIT_KEY': {
      if (/block sequence/i.test(message)) return { finding: yamlSyntaxRule.finding('listInMapping'), range: lineContent(text, at) };
      const key = overIndentedKey(text, error);
      if (!key) return { finding: yamlSyntaxRule.finding('colonInValue'), range: toLineEnd(text, at) };
      const [start, end] = keyAt(text, lineContent(text, at)[0]);
      return { finding: yamlSyntaxRule.finding('overIndented', { above: text.slice(start, end) }), range: key };
    }
    case 'MULTILINE_IMPLICIT_KEY':
    case 'MISSING_CHAR':
      // The parser points at the start of the line after the item, which may be a comment.
      if (/^Sequence item without - indicator/.test(message)) return { finding: yamlSyntaxRule.finding('itemValueEnded'), range: lineContent(text, nextContentLine(text, at)) };
      if (error.code === 'MISSING_CHAR' && !/Implicit map keys need to be followed by map values/.test(message)) return undefined;
      return withoutColon(text, lineContent(text, at));
    case 'BAD_SCALAR_START':
      return { finding: yamlSyntaxRule.finding('reservedCharacter', { char: text[at] ?? '' }), range: toLineEnd(text, at) };
    case 'BAD_ALIAS':
      // parseYaml raises BAD_ALIAS too, for an alias inside its own anchor's node: its words say that already.
      return /cannot be an empty string/.test(message) ? { finding: yamlSyntaxRule.finding('emptyName', { char: text[at] ?? '&' }), range: [at, at + 1] } : undefined;
    case 'UNEXPECTED_TOKEN': {
      // After a closing quote on the same line, or where a value above has ended (a line less indented than a list's items).
      if (/at node end/.test(message)) return { finding: yamlSyntaxRule.finding(/["']$/.test(text.slice(lineStart(text, at), at).trimEnd()) ? 'afterValue' : 'afterEnd'), range: toLineEnd(text, at) };
      const char = text[at] ?? '';
      const open = CLOSING[char];
      if (open !== undefined) return { finding: yamlSyntaxRule.finding('strayClose', { char, open }), range: [at, at + 1] };
      return undefined;
    }
    default:
      return undefined;
  }
}
