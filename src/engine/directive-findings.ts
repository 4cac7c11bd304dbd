/** What the directives stage reports of the directives themselves, with the fixes and suggestions that mend them. */
import directiveBlanketRule from '../../rules/directive/blanket/index.js';
import directiveReasonRule from '../../rules/directive/reason/index.js';
import directiveRenamedRule from '../../rules/directive/renamed-rule/index.js';
import directiveUnknownRule from '../../rules/directive/unknown-rule/index.js';
import directiveUnusedRule from '../../rules/directive/unused/index.js';
import { idsOf, type DirectiveId, type DirectiveOutcome } from './directive-ranges.js';
import type { Directive, DirectiveKind } from './directives.js';
import { shown } from './message-text.js';
import type { Finding, TextEdit } from './types.js';

/** Where the directives of a file are, for placing what is said of them. */
export interface DirectivePlaces {
  /** A directive in a document whose rules never ran cannot be unused. */
  inUnparsed(offset: number): boolean;
  documentAt(offset: number): number;
  /**
   * Whether the edits of a fix of the directive at `offset` may be made. Outside scalars, yes. A `# platlint-…` in a
   * scalar's value is text (in a quoted string), which no fix edits, or a comment of the YAML text a literal block
   * holds (a Config's spec.raw), whose edits are made when the block keeps them.
   */
  editable(offset: number, edits: readonly TextEdit[]): boolean;
}

/**
 * The fix of an unused id: the directive out when none of its ids is used (a directive left with no id would turn
 * every rule off), else the id and a comma beside it.
 */
function unusedFix(unused: DirectiveId, unusedIndexes: ReadonlySet<number>, places: DirectivePlaces): Finding['fix'] {
  const edit = unusedEdit(unused, unusedIndexes);
  return edit && places.editable(unused.directive.start, [edit]) ? { edits: [edit] } : undefined;
}

function unusedEdit({ directive, index }: DirectiveId, unusedIndexes: ReadonlySet<number>): TextEdit | undefined {
  if (directive.ids.every((_, other) => unusedIndexes.has(other))) return directive.removal;
  const range = directive.idRanges[index];
  const next = directive.idRanges[index + 1];
  const previous = directive.idRanges[index - 1];
  if (!range) return undefined;
  // `a, b`: `a, ` goes, or `, b` for the last.
  const [start, end] = next ? [range[0], next[0]] : [previous?.[1] ?? range[0], range[1]];
  return { start, end, text: '' };
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
  if (!rules?.length) return {};
  const ids = rules.join(', ');
  const edits = [{ start: directive.idsAt, end: directive.idsAt, text: ` ${ids}` }];
  return places.editable(directive.start, edits) ? { suggestions: [{ description: `Name the rules it suppresses: ${ids}`, edits }] } : {};
}

/**
 * What the directives stage reports: each directive id that is unknown, names a renamed rule, or did nothing; and a
 * disable directive that names no rule or gives no reason, unless all of it did nothing (directive/unused takes it out),
 * in a document that does not parse too.
 */
export function directiveFindings(directives: readonly Directive[], outcome: DirectiveOutcome, places: DirectivePlaces): Finding[] {
  const out: Finding[] = [];
  const at = (directive: Directive): Omit<Finding, 'rule' | 'messageId'> => ({ range: [directive.start, directive.end], pointer: '', document: places.documentAt(directive.start) });
  const written = (directive: Directive): string => `platlint-${directive.kind}`;
  // A disable in a document the rules did not read may have had something to suppress; whether an enable turns a rule
  // back on depends on the directives only.
  const reported = outcome.unused.filter(({ directive }) => directive.kind === 'enable' || !places.inUnparsed(directive.start));
  const unusedIndexes = new Map<Directive, Set<number>>();
  for (const { directive, index } of reported) unusedIndexes.set(directive, (unusedIndexes.get(directive) ?? new Set()).add(index));
  for (const unused of reported) {
    const { directive, id } = unused;
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
