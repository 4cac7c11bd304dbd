import directiveRenamedRule from '../../rules/directive/renamed-rule/index.js';
import directiveUnknownRule from '../../rules/directive/unknown-rule/index.js';
import directiveUnusedRule from '../../rules/directive/unused/index.js';
import { globProblem } from './globs.js';
import { shown } from './message-text.js';
import type { Finding, TextEdit } from './types.js';
import { renamedRulesNamed, ruleIdMatches } from './settings.js';
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
  /** File offsets of each of `ids`. */
  idRanges: (readonly [number, number])[];
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
    let at = (match.index ?? 0) + match[0].length - after.length;
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
    out.push({ kind: match[1] as DirectiveKind, ids, line, start: hash, end, idRanges, removal: removalOf(text, hash, end, after.slice(idText.length)) });
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

export interface Suppressible {
  ruleId: string;
  line: number;
}

export interface DirectiveOutcome {
  /** Indexes of the diagnostics that directives suppress. */
  suppressed: Set<number>;
  /**
   * Directive ids that did nothing (id '' for a directive without ids): a disable's that suppressed nothing, an enable's
   * that turned no rule back on.
   */
  unused: { directive: Directive; id: string }[];
  unknown: { directive: Directive; id: string }[];
  /** Directive ids that name rules by a former id (rules/aliases.ts), with the current ids they name. */
  renamed: { directive: Directive; id: string; current: readonly string[] }[];
}

type Names = (pattern: string, ruleId: string) => boolean;

/** Whether a directive turns a rule off at a line: a range stays open for a rule until an enable names that rule, or names none. */
function covers(directive: Directive, line: number, ruleId: string, enables: readonly Directive[], names: Names): boolean {
  switch (directive.kind) {
    case 'disable-file':
      return true;
    case 'disable-line':
      return line === directive.line;
    case 'disable-next-line':
      return line === directive.line + 1;
    case 'disable':
      return line >= directive.line && !enables.some((e) => e.line > directive.line && e.line <= line && (e.ids.length === 0 || e.ids.some((id) => names(id, ruleId))));
    case 'enable':
      return false;
  }
}

/**
 * The ids of enable directives that turn no rule back on (ESLint's unused eslint-enable): no range a disable opened
 * above is still open there for a rule the id names. Taking one out changes nothing a directive suppresses.
 */
function unusedEnables(directives: readonly Directive[], knownIds: readonly string[], names: Names): { directive: Directive; id: string }[] {
  const off = new Set<string>();
  const unused: { directive: Directive; id: string }[] = [];
  for (const directive of directives) {
    if (directive.kind === 'disable') {
      for (const ruleId of knownIds) if (directive.ids.length === 0 || directive.ids.some((id) => names(id, ruleId))) off.add(ruleId);
    }
    if (directive.kind !== 'enable') continue;
    for (const id of directive.ids.length ? directive.ids : ['']) {
      const back = [...off].filter((ruleId) => id === '' || names(id, ruleId));
      if (back.length === 0) unused.push({ directive, id });
      for (const ruleId of back) off.delete(ruleId);
    }
  }
  return unused;
}

/** Applies directives to diagnostics; directive diagnostics themselves are never suppressed. */
export function applyDirectives(directives: readonly Directive[], diagnostics: readonly Suppressible[], knownIds: readonly string[]): DirectiveOutcome {
  const used = new Set<string>();
  const suppressed = new Set<number>();
  // An id the glob matcher cannot compile (an endless glob in a comment) names no rule: it matches nothing and is unknown.
  // Asked for each rule an id could name, so remembered.
  const matches = new Map<string, boolean>();
  const names: Names = (pattern, ruleId) => {
    const key = `${pattern}\u0000${ruleId}`;
    let answer = matches.get(key);
    if (answer === undefined) matches.set(key, (answer = globProblem(pattern) === undefined && ruleIdMatches(pattern, ruleId)));
    return answer;
  };
  const key = (d: Directive, id: string): string => `${d.start}\u0000${id}`;
  const enables = directives.filter((d) => d.kind === 'enable');
  diagnostics.forEach((diagnostic, index) => {
    if (diagnostic.ruleId.startsWith('directive/')) return;
    for (const directive of directives) {
      if (directive.kind === 'enable') continue;
      for (const id of directive.ids.length ? directive.ids : ['']) {
        if (id !== '' && !names(id, diagnostic.ruleId)) continue;
        if (!covers(directive, diagnostic.line, diagnostic.ruleId, enables, names)) continue;
        suppressed.add(index);
        used.add(key(directive, id));
      }
    }
  });
  const unusedEnable = new Set(enables.length ? unusedEnables(directives, knownIds, names).map(({ directive, id }) => key(directive, id)) : []);
  const unused: DirectiveOutcome['unused'] = [];
  const unknown: DirectiveOutcome['unknown'] = [];
  const renamed: DirectiveOutcome['renamed'] = [];
  for (const directive of directives) {
    for (const id of directive.ids.length ? directive.ids : ['']) {
      if (id !== '' && !knownIds.some((known) => names(id, known))) {
        unknown.push({ directive, id });
        continue;
      }
      const current = id === '' ? [] : renamedRulesNamed(id, knownIds);
      if (current.length) renamed.push({ directive, id, current });
      if (directive.kind === 'enable' ? unusedEnable.has(key(directive, id)) : !used.has(key(directive, id))) unused.push({ directive, id });
    }
  }
  return { suppressed, unused, unknown, renamed };
}

/** Where the directives of a file are, for placing what is said of them. */
export interface DirectivePlaces {
  /** A directive in a document whose rules never ran cannot be unused. */
  inUnparsed(offset: number): boolean;
  documentAt(offset: number): number;
  /**
   * Whether an offset is inside a scalar's value. A `# platlint-…` there is text (in a quoted string), or a comment of
   * the YAML text a block scalar holds (a Config's spec.raw): either way a value of the object, which no fix edits.
   */
  inScalar(offset: number): boolean;
}

/**
 * The fix of an unused id: the directive out when none of its ids is used (a directive left with no id would turn
 * every rule off), else the id and a comma beside it.
 */
function unusedFix(directive: Directive, id: string, unusedIds: ReadonlySet<string>, places: DirectivePlaces): Finding['fix'] {
  if (places.inScalar(directive.start)) return undefined;
  if (directive.ids.every((other) => unusedIds.has(other))) return directive.removal && { edits: [directive.removal] };
  const index = directive.ids.indexOf(id);
  const range = directive.idRanges[index];
  const next = directive.idRanges[index + 1];
  const previous = directive.idRanges[index - 1];
  if (!range) return undefined;
  // `a, b`: `a, ` goes, or `, b` for the last.
  const [start, end] = next ? [range[0], next[0]] : [previous?.[1] ?? range[0], range[1]];
  return { edits: [{ start, end, text: '' }] };
}

/** What the directives stage reports: each directive id that is unknown, names a renamed rule, or did nothing. */
export function directiveFindings(outcome: DirectiveOutcome, places: DirectivePlaces): Finding[] {
  const out: Finding[] = [];
  const at = (directive: Directive): Omit<Finding, 'rule' | 'messageId'> => ({ range: [directive.start, directive.end], pointer: '', document: places.documentAt(directive.start) });
  const written = (directive: Directive): string => `platlint-${directive.kind}`;
  const unusedIds = new Map<Directive, Set<string>>();
  for (const { directive, id } of outcome.unused) unusedIds.set(directive, (unusedIds.get(directive) ?? new Set()).add(id));
  for (const { directive, id } of outcome.unused) {
    // Whether an enable turns a rule back on depends on the directives only, not on what the rules found.
    if (directive.kind !== 'enable' && places.inUnparsed(directive.start)) continue;
    const data = { directive: written(directive), id: shown(id) };
    const finding =
      directive.kind === 'enable'
        ? directiveUnusedRule.finding(id ? 'enableWithId' : 'enableAll', data)
        : id
          ? directiveUnusedRule.finding('withId', data)
          : directiveUnusedRule.finding('all', data);
    const fix = unusedFix(directive, id, unusedIds.get(directive) ?? new Set(), places);
    out.push(fix ? { ...finding, ...at(directive), fix } : { ...finding, ...at(directive) });
  }
  // An id is shown cut short: a comment can hold a line of any length.
  for (const { directive, id } of outcome.unknown) out.push({ ...directiveUnknownRule.finding('withId', { directive: written(directive), id: shown(id) }), ...at(directive) });
  for (const { directive, id, current } of outcome.renamed) {
    const data = { directive: written(directive), id: shown(id), current: current.join(', ') };
    out.push({ ...directiveRenamedRule.finding(current.length > 1 ? 'withIds' : 'withId', data), ...at(directive) });
  }
  return out;
}
