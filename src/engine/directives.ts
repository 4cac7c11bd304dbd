/** The `# platlint-disable…` and `# platlint-enable` comments of a text: where each is, what it names, and the edit that takes it out. */
import type { TextEdit } from './types.js';
import { lineStart, nextLineStart } from '../yaml/lines.js';

export type DirectiveKind = 'disable-next-line' | 'disable-line' | 'disable' | 'enable' | 'disable-file';

export interface Directive {
  kind: DirectiveKind;
  /** Rule ids or globs; empty means every rule. */
  ids: string[];
  /** 1-based line of the comment. */
  line: number;
  /** File offsets of the comment. */
  start: number;
  end: number;
  /** File offset right after the keyword (`platlint-disable-line`), where ids are written. */
  idsAt: number;
  /** File offsets of each of `ids`. */
  idRanges: (readonly [number, number])[];
  /** The text after ` -- ` up to an ordinary comment (` #`), trimmed: why the directive is there ('' when it gives none). */
  reason: string;
  /**
   * The edit that takes the directive out: its line when it stands alone there, else the comment and the spaces
   * before it; none when an ordinary comment follows it on its line (` # …`), which would go with it.
   */
  removal: TextEdit | undefined;
}

const DIRECTIVE = /(?:^|\s)#\s*platlint-(disable-next-line|disable-line|disable-file|disable|enable)\b([^\n]*)/g;

/** The rule ids of a directive's text after its keyword: a reason follows ` -- `, and a further ` #` starts an ordinary comment. */
export function directiveIdText(afterKeyword: string): string {
  return afterKeyword.split(/\s--(?:\s|$)|\s#/)[0] ?? '';
}

/**
 * Finds `# platlint-…` comments. A line scanner rather than the YAML parser: directives must work in files that do
 * not parse, and inside an embedded `spec.raw` block, whose comments belong to the inner document.
 */
export function parseDirectives(text: string): Directive[] {
  if (!text.includes('platlint-')) return [];
  const out: Directive[] = [];
  let line = 1;
  let lineStart = 0;
  for (const match of text.matchAll(DIRECTIVE)) {
    const hash = text.indexOf('#', match.index);
    for (let i = text.indexOf('\n', lineStart); i !== -1 && i < hash; i = text.indexOf('\n', i + 1)) {
      line++;
      lineStart = i + 1;
    }
    const after = match[2] ?? '';
    const idText = directiveIdText(after);
    const ids: string[] = [];
    const idRanges: (readonly [number, number])[] = [];
    const idsAt = (match.index ?? 0) + match[0].length - after.length;
    let at = idsAt;
    for (const part of idText.split(',')) {
      const id = part.trim();
      const start = at + part.length - part.trimStart().length;
      if (id) {
        ids.push(id);
        idRanges.push([start, start + id.length]);
      }
      at += part.length + 1;
    }
    const lineEnd = text.indexOf('\n', hash);
    const end = hash + text.slice(hash, lineEnd === -1 ? text.length : lineEnd).trimEnd().length;
    const afterIds = after.slice(idText.length);
    const reason = /^\s--(?:\s|$)/.test(afterIds) ? (afterIds.slice(3).split(/\s#/)[0] ?? '').trim() : '';
    out.push({ kind: match[1] as DirectiveKind, ids, line, start: hash, end, idsAt, idRanges, reason, removal: removalOf(text, hash, end, afterIds) });
  }
  return out;
}

function removalOf(text: string, hash: number, end: number, afterIds: string): TextEdit | undefined {
  if (/\s#/.test(afterIds)) return undefined;
  const from = lineStart(text, hash);
  if (text.slice(from, hash).trim() === '') return { start: from, end: nextLineStart(text, hash), text: '' };
  let start = hash;
  while (start > from && (text[start - 1] === ' ' || text[start - 1] === '\t')) start--;
  return { start, end, text: '' };
}
