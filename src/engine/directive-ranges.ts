/** Which lines each directive turns which rules off on, where enables end that, and which directives did nothing. */
import { globProblem } from './globs.js';
import { renamedRulesNamed, ruleIdMatches } from './settings.js';
import type { Directive } from './directives.js';

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
export function idsOf(directive: Directive): readonly string[] {
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
 * The disable ranges open at a point of a file read top to bottom, rule by rule: a disable turns off the rules its id
 * names, an enable turns back on those its id names (every rule for an enable without ids).
 */
class OpenRanges {
  /** The ids of the disables read, each with the rules it still keeps off, in the order read. */
  private readonly ranges: { id: string; off: Set<string> }[] = [];
  /** For each rule kept off, the ranges keeping it off. */
  private readonly keptOffBy = new Map<string, Set<{ id: string; off: Set<string> }>>();

  constructor(private readonly namedBy: (pattern: string) => ReadonlySet<string>) {}

  disable(id: string): void {
    const range = { id, off: new Set(this.namedBy(id)) };
    this.ranges.push(range);
    for (const ruleId of range.off) this.keptOffBy.set(ruleId, (this.keptOffBy.get(ruleId) ?? new Set()).add(range));
  }

  /** Ends the ranges of the rules `id` names; returns how many rules it turned back on. */
  enable(id: string): number {
    let back = 0;
    for (const ruleId of this.namedBy(id)) {
      const ranges = this.keptOffBy.get(ruleId);
      if (!ranges) continue;
      back++;
      for (const range of ranges) range.off.delete(ruleId);
      this.keptOffBy.delete(ruleId);
    }
    return back;
  }

  /** The ids of the disables that still keep a rule off, the latest first, each once. */
  openIds(): string[] {
    const ids = new Set<string>();
    for (let i = this.ranges.length - 1; i >= 0; i--) {
      const range = this.ranges[i];
      if (range && range.off.size > 0) ids.add(range.id);
    }
    return [...ids];
  }
}

/**
 * The ids of enable directives that turn no rule back on (ESLint's unused eslint-enable): no range a disable opened
 * above is still open there for a rule the id names. Taking one out changes nothing a directive suppresses.
 */
function unusedEnables(directives: readonly Directive[], namedBy: (pattern: string) => ReadonlySet<string>): Set<string> {
  const open = new OpenRanges(namedBy);
  const unused = new Set<string>();
  for (const directive of directives) {
    if (directive.kind === 'disable') for (const id of idsOf(directive)) open.disable(id);
    if (directive.kind !== 'enable') continue;
    for (const [index, id] of idsOf(directive).entries()) if (open.enable(id) === 0) unused.add(idKey(directive, index));
  }
  return unused;
}

/**
 * What a `# platlint-enable` on a 1-based line could end: the ids of the disables above it whose range is still open
 * there for a rule, once the ids written in the enable (`written`) are applied, the latest first. A disable without
 * ids has no id to offer (an enable without ids ends it).
 */
export function disablesOpenAt(directives: readonly Directive[], line: number, written: readonly string[], knownIds: readonly string[]): string[] {
  const open = new OpenRanges(ruleNaming(knownIds).namedBy);
  for (const directive of directives) {
    if (directive.line >= line) break;
    if (directive.kind === 'disable') for (const id of idsOf(directive)) open.disable(id);
    if (directive.kind === 'enable') for (const id of idsOf(directive)) open.enable(id);
  }
  for (const id of written) open.enable(id);
  return open.openIds().filter((id) => id !== '');
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
