import directiveBlanketRule from '../../rules/directive/blanket/index.js';
import directiveReasonRule from '../../rules/directive/reason/index.js';
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

export interface Suppressible {
  ruleId: string;
  line: number;
}

/** One id of a directive ('' for a directive without ids), and its place among the directive's ids. */
export interface DirectiveId {
  directive: Directive;
  id: string;
  index: number;
}

/** A key of one id of one directive: a directive may repeat an id, and only the repetition may do nothing. */
function idKey(directive: Directive, index: number): string {
  return `${directive.start}:${index}`;
}

export interface DirectiveOutcome {
  /** Indexes of the diagnostics that directives suppress. */
  suppressed: Set<number>;
  /**
   * Directive ids that did nothing (id '' for a directive without ids): a disable's that suppressed nothing, an enable's
   * that turned no rule back on.
   */
  unused: DirectiveId[];
  unknown: DirectiveId[];
  /** Directive ids that name rules by a former id (rules/aliases.ts), with the current ids they name. */
  renamed: { directive: Directive; id: string; current: readonly string[] }[];
  /** The rules each directive without ids suppressed diagnostics of, in the order of the rule list. */
  blanketRules: Map<Directive, string[]>;
}

/** A directive's ids, or '' for one without ids, which names every rule. */
function idsOf(directive: Directive): readonly string[] {
  return directive.ids.length ? directive.ids : [''];
}

/** The index of the first of ascending `sorted` at or above `value`. */
function firstAtLeast(sorted: readonly number[], value: number): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((sorted[middle] ?? Infinity) < value) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * The lines, first to last, on which a directive turns a rule off. A range stays open until the first enable after it
 * that names the rule (`enableLines`, ascending) or names none.
 */
function span(directive: Directive, enableLines: readonly number[]): readonly [number, number] {
  switch (directive.kind) {
    case 'disable-file':
      return [-Infinity, Infinity];
    case 'disable-line':
      return [directive.line, directive.line];
    case 'disable-next-line':
      return [directive.line + 1, directive.line + 1];
    default:
      return [directive.line, (enableLines[firstAtLeast(enableLines, directive.line + 1)] ?? Infinity) - 1];
  }
}

/** The rules each id of the file's directives names, found once per id: a file repeats the same few. */
function ruleNaming(knownIds: readonly string[]): { namedBy(pattern: string): ReadonlySet<string>; names(pattern: string, ruleId: string): boolean } {
  const known = new Set(knownIds);
  // An id the glob matcher cannot compile (an endless glob in a comment) names no rule: it matches nothing and is unknown.
  const matches = (pattern: string, ruleId: string): boolean => globProblem(pattern) === undefined && ruleIdMatches(pattern, ruleId);
  const named = new Map<string, ReadonlySet<string>>();
  const namedBy = (pattern: string): ReadonlySet<string> => {
    let rules = named.get(pattern);
    if (rules === undefined) named.set(pattern, (rules = pattern === '' ? known : new Set(knownIds.filter((id) => matches(pattern, id)))));
    return rules;
  };
  return { namedBy, names: (pattern, ruleId) => (known.has(ruleId) ? namedBy(pattern).has(ruleId) : matches(pattern, ruleId)) };
}

/**
 * The ids of enable directives that turn no rule back on (ESLint's unused eslint-enable): no range a disable opened
 * above is still open there for a rule the id names. Taking one out changes nothing a directive suppresses.
 */
function unusedEnables(directives: readonly Directive[], namedBy: (pattern: string) => ReadonlySet<string>): Set<string> {
  const off = new Set<string>();
  const unused = new Set<string>();
  for (const directive of directives) {
    if (directive.kind === 'disable') for (const id of idsOf(directive)) for (const ruleId of namedBy(id)) off.add(ruleId);
    if (directive.kind !== 'enable') continue;
    for (const [index, id] of idsOf(directive).entries()) {
      const back = [...namedBy(id)].filter((ruleId) => off.has(ruleId));
      if (back.length === 0) unused.add(idKey(directive, index));
      for (const ruleId of back) off.delete(ruleId);
    }
  }
  return unused;
}

/**
 * Applies directives to diagnostics; directive diagnostics themselves are never suppressed. Rule by rule, each
 * directive id that names the rule is a span of lines: it is used when a diagnostic of the rule falls in it, and the
 * diagnostics in any span are suppressed. Sorted lines and binary search keep a file of many directives and many
 * diagnostics from costing their product.
 */
export function applyDirectives(directives: readonly Directive[], diagnostics: readonly Suppressible[], knownIds: readonly string[]): DirectiveOutcome {
  const { namedBy, names } = ruleNaming(knownIds);
  const used = new Set<string>();
  const blanketRules = new Map<Directive, string[]>();
  const suppressed = new Set<number>();
  const enables = directives.filter((d) => d.kind === 'enable');
  const offIds = new Map<string, { directive: Directive; index: number }[]>();
  for (const directive of directives) {
    if (directive.kind === 'enable') continue;
    for (const [index, id] of idsOf(directive).entries()) {
      const holders = offIds.get(id);
      if (holders) holders.push({ directive, index });
      else offIds.set(id, [{ directive, index }]);
    }
  }
  const byRule = new Map<string, { index: number; line: number }[]>();
  diagnostics.forEach(({ ruleId, line }, index) => {
    if (ruleId.startsWith('directive/')) return;
    const found = byRule.get(ruleId);
    if (found) found.push({ index, line });
    else byRule.set(ruleId, [{ index, line }]);
  });
  for (const [ruleId, found] of byRule) {
    found.sort((a, b) => a.line - b.line);
    const lines = found.map((f) => f.line);
    const enableLines = enables.filter((e) => e.ids.length === 0 || e.ids.some((id) => names(id, ruleId))).map((e) => e.line);
    const spans: (readonly [number, number])[] = [];
    for (const [id, holders] of offIds) {
      if (id !== '' && !names(id, ruleId)) continue;
      for (const { directive, index } of holders) {
        const [from, to] = span(directive, enableLines);
        const first = lines[firstAtLeast(lines, from)];
        if (first === undefined || first > to) continue;
        used.add(idKey(directive, index));
        spans.push([from, to]);
        if (id !== '') continue;
        const rules = blanketRules.get(directive);
        if (rules) rules.push(ruleId);
        else blanketRules.set(directive, [ruleId]);
      }
    }
    spans.sort((a, b) => a[0] - b[0]);
    const starts = spans.map(([from]) => from);
    let reach = -Infinity;
    const reaches = spans.map(([, to]) => (reach = Math.max(reach, to)));
    for (const { index, line } of found) {
      // The spans that start at or before the line; one of them reaches it when the furthest does.
      const last = firstAtLeast(starts, line + 1) - 1;
      if (last >= 0 && (reaches[last] ?? -Infinity) >= line) suppressed.add(index);
    }
  }
  const unusedEnable = enables.length ? unusedEnables(directives, namedBy) : new Set<string>();
  const unused: DirectiveOutcome['unused'] = [];
  const unknown: DirectiveOutcome['unknown'] = [];
  const renamed: DirectiveOutcome['renamed'] = [];
  const formerly = new Map<string, readonly string[]>();
  for (const directive of directives) {
    for (const [index, id] of idsOf(directive).entries()) {
      if (id !== '' && namedBy(id).size === 0) {
        unknown.push({ directive, id, index });
        continue;
      }
      let current = formerly.get(id);
      if (current === undefined) formerly.set(id, (current = id === '' ? [] : renamedRulesNamed(id, knownIds)));
      if (current.length) renamed.push({ directive, id, current });
      const key = idKey(directive, index);
      if (directive.kind === 'enable' ? unusedEnable.has(key) : !used.has(key)) unused.push({ directive, id, index });
    }
  }
  const order = (ruleId: string): number => {
    const at = knownIds.indexOf(ruleId);
    return at < 0 ? knownIds.length : at;
  };
  for (const rules of blanketRules.values()) rules.sort((a, b) => order(a) - order(b));
  return { suppressed, unused, unknown, renamed, blanketRules };
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
function unusedFix({ directive, index }: DirectiveId, unusedIndexes: ReadonlySet<number>, places: DirectivePlaces): Finding['fix'] {
  if (places.inScalar(directive.start)) return undefined;
  if (directive.ids.every((_, other) => unusedIndexes.has(other))) return directive.removal && { edits: [directive.removal] };
  const range = directive.idRanges[index];
  const next = directive.idRanges[index + 1];
  const previous = directive.idRanges[index - 1];
  if (!range) return undefined;
  // `a, b`: `a, ` goes, or `, b` for the last.
  const [start, end] = next ? [range[0], next[0]] : [previous?.[1] ?? range[0], range[1]];
  return { edits: [{ start, end, text: '' }] };
}

/** Where a directive without ids turns every rule off, in the words of directive/blanket's message. */
const BLANKET_WHERE: Readonly<Record<Exclude<DirectiveKind, 'enable'>, string>> = {
  'disable-next-line': 'on the next line',
  'disable-line': 'on its line',
  disable: 'until a # platlint-enable',
  'disable-file': 'in the whole file',
};

/** directive/blanket's suggestion: the ids of the rules the directive suppresses, written into it (same effect today, none on what is found later). */
function nameTheRules(directive: Directive, outcome: DirectiveOutcome, places: DirectivePlaces): Pick<Finding, 'suggestions'> {
  const rules = outcome.blanketRules.get(directive);
  if (!rules?.length || places.inScalar(directive.start)) return {};
  const ids = rules.join(', ');
  return { suggestions: [{ description: `Name the rules it suppresses: ${ids}`, edits: [{ start: directive.idsAt, end: directive.idsAt, text: ` ${ids}` }] }] };
}

/**
 * What the directives stage reports: each directive id that is unknown, names a renamed rule, or did nothing; and a
 * disable directive that names no rule or gives no reason, unless all of it did nothing (directive/unused takes it out).
 */
export function directiveFindings(directives: readonly Directive[], outcome: DirectiveOutcome, places: DirectivePlaces): Finding[] {
  const out: Finding[] = [];
  const at = (directive: Directive): Omit<Finding, 'rule' | 'messageId'> => ({ range: [directive.start, directive.end], pointer: '', document: places.documentAt(directive.start) });
  const written = (directive: Directive): string => `platlint-${directive.kind}`;
  const unusedIndexes = new Map<Directive, Set<number>>();
  for (const { directive, index } of outcome.unused) unusedIndexes.set(directive, (unusedIndexes.get(directive) ?? new Set()).add(index));
  for (const unused of outcome.unused) {
    const { directive, id } = unused;
    // Whether an enable turns a rule back on depends on the directives only, not on what the rules found.
    if (directive.kind !== 'enable' && places.inUnparsed(directive.start)) continue;
    const data = { directive: written(directive), id: shown(id) };
    const finding =
      directive.kind === 'enable'
        ? directiveUnusedRule.finding(id ? 'enableWithId' : 'enableAll', data)
        : id
          ? directiveUnusedRule.finding('withId', data)
          : directiveUnusedRule.finding('all', data);
    const fix = unusedFix(unused, unusedIndexes.get(directive) ?? new Set(), places);
    out.push(fix ? { ...finding, ...at(directive), fix } : { ...finding, ...at(directive) });
  }
  // An id is shown cut short: a comment can hold a line of any length.
  for (const { directive, id } of outcome.unknown) out.push({ ...directiveUnknownRule.finding('withId', { directive: written(directive), id: shown(id) }), ...at(directive) });
  for (const { directive, id, current } of outcome.renamed) {
    const data = { directive: written(directive), id: shown(id), current: current.join(', ') };
    out.push({ ...directiveRenamedRule.finding(current.length > 1 ? 'withIds' : 'withId', data), ...at(directive) });
  }
  for (const directive of directives) {
    if (directive.kind === 'enable' || unusedIndexes.get(directive)?.size === idsOf(directive).length) continue;
    const data = { directive: written(directive) };
    if (directive.ids.length === 0) out.push({ ...directiveBlanketRule.finding('everyRule', { ...data, where: BLANKET_WHERE[directive.kind] }), ...at(directive), ...nameTheRules(directive, outcome, places) });
    if (directive.reason === '') out.push({ ...directiveReasonRule.finding('missing', data), ...at(directive) });
  }
  return out;
}
