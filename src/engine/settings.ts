import { formerIdsOf } from '../../rules/aliases.js';
import { memoizeByString } from '../formats/memo.js';
import { globMatches } from './globs.js';
import { shown } from './message-text.js';
import { nearest } from './suggest.js';
import type { MessageSpec, Rule, RuleMeta, Severity, SeveritySetting } from './types.js';

/**
 * `on` turns a rule on at its own default severities, even a rule that is off by default (the `strict` preset);
 * `raise` makes its warnings errors while its informational messages stay infos (the `security` preset).
 */
export type SeverityChoice = SeveritySetting | 'on' | 'raise';

const SEVERITY_WORDS: Readonly<Record<string, SeverityChoice>> = {
  off: 'off', '0': 'off', info: 'info', warn: 'warning', warning: 'warning', '1': 'warning', error: 'error', '2': 'error', on: 'on',
};

/** What to write instead of a word that is no severity. */
export const SEVERITY_WORDS_HINT = 'use off, info, warn, error or on';

/** The severity a word of the config file or of `--rule` means (`warn`, `2`, `off`...), or undefined. */
export function severityFromWord(word: string | number): SeverityChoice | undefined {
  return SEVERITY_WORDS[String(word).trim().toLowerCase()];
}

export interface RuleSetting {
  severity?: SeverityChoice;
  options?: Readonly<Record<string, unknown>>;
  /** `unfixable`: the rule's fixes are not applied (`--fix`, the editor's fix-all); each is offered as a suggestion. */
  unfixable?: true;
}

export type RuleSettings = ReadonlyMap<string, RuleSetting>;

function idMatches(pattern: string, id: string): boolean {
  return pattern === id || globMatches(id, pattern);
}

/**
 * A rule id against an id or a glob over ids (`security/*`), as directives, --rule flags and settings write them.
 * A renamed rule, or one split from a rule that listed its checks, is matched by its former ids too (rules/aliases.ts).
 */
export function ruleIdMatches(pattern: string, ruleId: string): boolean {
  return idMatches(pattern, ruleId) || formerIdsOf(ruleId).some((former) => idMatches(pattern, former));
}

/** The rules an id or a glob names only by their former ids: a deprecated use, which names them by what they were. */
export function renamedRulesNamed(pattern: string, ruleIds: readonly string[]): string[] {
  return ruleIds.filter((id) => !idMatches(pattern, id) && ruleIdMatches(pattern, id));
}

/** The deprecation of an id or glob that names rules by their former ids, in the words the CLI prints; or undefined. */
export function renamedRulesNote(pattern: string, ruleIds: readonly string[]): string | undefined {
  const renamed = renamedRulesNamed(pattern, ruleIds);
  if (renamed.length === 0) return undefined;
  return `"${pattern}" names ${renamed.join(', ')} by a former id, which is deprecated: write the current id${renamed.length > 1 ? 's' : ''}`;
}

/** The rules an id or a glob over ids names. */
export function rulesMatching(pattern: string, rules: readonly Rule[]): Rule[] {
  return rules.filter((rule) => ruleIdMatches(pattern, rule.meta.id));
}

/**
 * Why an id or a glob over ids names no rule (`matches no rule; did you mean "x"?`), or undefined when it names
 * some: a mistake in the config file (exit 2), on the command line (exit 2) or in the editor's settings (a warning).
 */
export function unknownRuleProblem(pattern: string, rules: readonly Rule[]): string | undefined {
  if (rulesMatching(pattern, rules).length > 0) return undefined;
  return `matches no rule${nearest(pattern, rules.map((rule) => rule.meta.id), ' (see platlint rules)')}`;
}

/**
 * Why an id or a glob over ids cannot be in `unfixable` or `fixable`: it names no rule, or only rules that never fix
 * anything (a mistake as sure as a misspelt id, since the entry would change nothing); undefined when it names a rule
 * with fixes.
 */
export function noFixesProblem(pattern: string, rules: readonly Rule[]): string | undefined {
  const unknown = unknownRuleProblem(pattern, rules);
  if (unknown !== undefined) return unknown;
  if (rulesMatching(pattern, rules).some((rule) => rule.meta.fixable === true)) return undefined;
  return `names no rule with fixes (rules with fixes: ${rules.filter((rule) => rule.meta.fixable === true).map((rule) => rule.meta.id).join(', ')})`;
}

/**
 * Makes the fixes of each rule that has fixes suggestions, keeping its severity and options; returns the rules it
 * made unfixable (not those that were already), for the sources print-config shows.
 */
export function setUnfixable(settings: Map<string, RuleSetting>, rules: readonly Rule[]): Rule[] {
  const marked = rules.filter(({ meta }) => meta.fixable === true && settings.get(meta.id)?.unfixable !== true);
  for (const { meta } of marked) settings.set(meta.id, { ...settings.get(meta.id), unfixable: true });
  return marked;
}

/**
 * A `fixable` allow-list, as Ruff's: every rule with fixes that none of the ids or globs names becomes unfixable, so
 * that a rule that gains fixes in a later version does not start changing files unasked. Returns the rules it made so.
 */
export function setFixableOnly(settings: Map<string, RuleSetting>, rules: readonly Rule[], patterns: readonly string[]): Rule[] {
  return setUnfixable(settings, rules.filter(({ meta }) => !patterns.some((pattern) => ruleIdMatches(pattern, meta.id))));
}

/** Sets the severity of each rule, keeping its options: the config file, --rule flags and the editor all do this. */
export function setSeverity(settings: Map<string, RuleSetting>, rules: readonly Rule[], severity: SeverityChoice): void {
  for (const { meta } of rules) settings.set(meta.id, { ...settings.get(meta.id), severity });
}

export function messageSpec(rule: Pick<Rule, 'meta' | 'messages'>, messageId: string): MessageSpec {
  const spec = rule.messages[messageId];
  if (spec === undefined) throw new Error(`rule ${rule.meta.id} has no message "${messageId}"`);
  return typeof spec === 'string' ? { text: spec } : spec;
}

export function isRuleEnabled(meta: RuleMeta, setting: RuleSetting | undefined): boolean {
  const choice = setting?.severity;
  if (choice === 'off') return false;
  if (choice !== undefined) return true;
  return meta.severity !== 'off';
}

/**
 * The word for how a rule is set for a file: off, error, warning or info; `on` for a rule off by default turned on
 * at its own severities; `raise` for the `security` preset's warnings-as-errors.
 */
export function severityInForce(meta: RuleMeta, setting: RuleSetting | undefined): SeverityChoice {
  if (!isRuleEnabled(meta, setting)) return 'off';
  if (setting?.severity && setting.severity !== 'on') return setting.severity;
  return meta.severity === 'off' ? 'on' : meta.severity;
}

/** An explicit severity wins; otherwise each message keeps its own default, then the rule's. */
export function effectiveSeverity(meta: Pick<RuleMeta, 'severity'>, message: MessageSpec, setting: RuleSetting | undefined): Severity {
  const choice = setting?.severity;
  if (choice === 'raise') return message.severity === 'info' ? 'info' : 'error';
  if (choice && choice !== 'on' && choice !== 'off') return choice;
  if (message.severity) return message.severity;
  return meta.severity === 'off' ? 'warning' : meta.severity;
}

/**
 * A message template cut at its placeholders, in threes after the first piece of text: a placeholder as written
 * (`{{ field }}`), its name, the text after it. Cut once per template: every diagnostic formats a message and a note.
 */
const templatePieces = memoizeByString((template) => template.split(/(\{\{\s*(\w+)\s*\}\})/), 1024);

/**
 * The most of one value a message or a note shows. Rules pass user-written values through `shown` (120 characters);
 * this bounds the others (a parser's reason quoting the whole value, a list of names) whatever the file holds, and
 * keeps them on one line. The longest value of the fixtures' messages, an apimachinery problem text, is 321.
 */
const MAX_SHOWN_VALUE = 1_000;

export function formatMessage(template: string, data: Readonly<Record<string, unknown>> | undefined): string {
  if (!data) return template;
  const pieces = templatePieces(template);
  let out = pieces[0] ?? '';
  for (let i = 1; i + 2 < pieces.length; i += 3) {
    const name = pieces[i + 1] ?? '';
    out += (name in data ? shown(String(data[name]), MAX_SHOWN_VALUE) : pieces[i]) + (pieces[i + 2] ?? '');
  }
  return out;
}
