import { CompletionItemKind, MarkupKind, type CompletionItem, type Position, type Range } from 'vscode-languageserver-types';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { disablesOpenAt } from '../engine/directive-ranges.js';
import { parseDirectives } from '../engine/directives.js';
import { PRESET_NAMES } from '../engine/presets.js';
import type { EngineStage, ResourceKind, Rule } from '../engine/types.js';
import { API_GROUP, API_VERSION } from '../engine/extract.js';
import { USER_VERBS } from '../platform/enumerations.js';
import { ADMISSION_POLICY_KIND } from '../policy/vap/types.js';
import { containerPath, isDocumentMarker, lineShape, siblingKeys, topLevelValue, type LineShape, type PathStep } from './cursor.js';
import { CONFIG_FILE_SCHEMA, fieldAt, fieldMarkdown, fieldsOf, objectAt, ownFileKeys, ownFileSchemaAt, POLICY_FILE_SCHEMA, typeLabel, type FieldInfo } from './fields.js';
import { DIRECTIVE_COMMENT, lineAt } from './hover.js';
import { policyCompletions } from './policy-fields.js';

export interface CompletionContext {
  rules: readonly Rule[];
  isConfigFile: boolean;
  /** The paths of the file's `embedded` entries, below which it holds a Config's status. */
  embedded?: readonly (readonly string[])[];
  /** `.platlint.yaml`'s kubernetesVersion: the CEL whose functions a policy file's expressions can call. */
  kubernetesVersion?: string;
}

/** The kinds a document may name, and the kind of the objects it holds. */
const OBJECT_KIND: Readonly<Record<string, ResourceKind>> = { User: 'User', Config: 'Config', UserList: 'User', ConfigList: 'Config' };
const KINDS = Object.keys(OBJECT_KIND);

/**
 * Values worth offering that the lint schema leaves free, so that the rule owning them reports a wrong one (one
 * diagnostic, with its did-you-mean) rather than the schema pass too. Keyed by kind and displayed field path.
 */
const OFFERED_VALUES: Readonly<Record<string, readonly string[]>> = { 'User spec.access[].verbs': USER_VERBS };
const SEVERITY_WORDS = ['off', 'info', 'warn', 'error', 'on'];

/** The range of the word being typed, so that ids with `/` and `-` replace what was typed, not just its tail. */
function wordRange(text: string, position: Position, stop: RegExp): Range {
  let start = position.character;
  while (start > 0 && !stop.test(text[start - 1] ?? ' ')) start--;
  return { start: { line: position.line, character: start }, end: position };
}

function ruleItems(rules: readonly Rule[], range: Range, suffix: string): CompletionItem[] {
  return rules.map((rule) => ({
    label: rule.meta.id,
    kind: CompletionItemKind.Value,
    detail: rule.meta.description,
    textEdit: { range, newText: `${rule.meta.id}${suffix}` },
  }));
}

/**
 * In an enable: the ids of the ranges still open there first, once the ids written before the cursor's word end
 * theirs (the latest preselected), then every rule's.
 */
function enableItems(document: TextDocument, range: Range, others: CompletionItem[], rules: readonly Rule[]): CompletionItem[] {
  const written = parseDirectives(lineAt(document, range.start.line).slice(0, range.start.character))[0]?.ids ?? [];
  const ids = disablesOpenAt(parseDirectives(document.getText()), range.start.line + 1, written, rules.map((rule) => rule.meta.id));
  const open: CompletionItem[] = ids.map((id, i) => ({
    label: id,
    kind: CompletionItemKind.Value,
    detail: 'turned off by a # platlint-disable above',
    sortText: `0${String(i).padStart(4, '0')}`,
    ...(i === 0 ? { preselect: true } : {}),
    textEdit: { range, newText: id },
  }));
  return [...open, ...others.filter((item) => !ids.includes(item.label)).map((item, i) => ({ ...item, sortText: `1${String(i).padStart(4, '0')}` }))];
}

/** Right after `key:` (completion triggered by the colon) the value needs its space. */
function valueItems(values: readonly string[], detail: string, range: Range, lead = ''): CompletionItem[] {
  return values.map((value) => ({ label: value, kind: CompletionItemKind.EnumMember, detail, textEdit: { range, newText: `${lead}${value}` } }));
}

/** The cursor is in the value of `key:` (right after the colon included). */
function afterColon(text: string, shape: LineShape, position: Position): shape is LineShape & { key: string } {
  return shape.key !== undefined && shape.keyEnd !== undefined && position.character > shape.keyEnd && text.slice(shape.keyEnd, position.character).includes(':');
}

/** The path is an entry of `exceptions`. */
function isException(path: readonly PathStep[]): boolean {
  return typeof path[path.length - 1] === 'number' && path[path.length - 2] === 'exceptions';
}

function configFileCompletions(lines: readonly string[], position: Position, rules: readonly Rule[]): CompletionItem[] {
  const text = lines[position.line] ?? '';
  const shape = lineShape(text);
  const keyColumn = shape.key !== undefined || text.trim() !== '' ? shape.contentColumn : position.character;
  const path = containerPath(lines, position.line, keyColumn);
  const inRules = path[path.length - 1] === 'rules';
  if (afterColon(text, shape, position)) {
    const range = wordRange(text, position, /[\s,[:]/);
    const lead = text.slice(0, position.character).endsWith(':') ? ' ' : '';
    if (inRules) return valueItems(SEVERITY_WORDS, 'severity', range, lead);
    if (shape.key === 'extends') return valueItems(PRESET_NAMES, 'preset', range, lead);
    if (shape.key === 'unfixable' || shape.key === 'fixable') return ruleItems(rules.filter((r) => r.meta.fixable === true), range, '');
    if (shape.key === 'rules' && isException(path)) return ruleItems(rules, range, '');
    return [];
  }
  // The list the cursor is in, on an item's line (`- rec`: the path ends at the item's index) or under the key.
  const list = typeof path[path.length - 1] === 'number' ? path[path.length - 2] : path[path.length - 1];
  if (list === 'extends') return valueItems(PRESET_NAMES, 'preset', wordRange(text, position, /[\s,[]/));
  // `unfixable` and `fixable` take only rules with fixes (src/engine/settings.ts, noFixesProblem).
  if (list === 'unfixable' || list === 'fixable') return ruleItems(rules.filter((r) => r.meta.fixable === true), wordRange(text, position, /[\s,[]/), '');
  if (list === 'rules' && typeof path[path.length - 1] === 'number' && isException(path.slice(0, -2))) return ruleItems(rules, wordRange(text, position, /[\s,[]/), '');
  const range = wordRange(text, position, /\s/);
  const written = siblingKeys(lines, position.line, keyColumn);
  if (inRules) return ruleItems(rules.filter((r) => !written.has(r.meta.id)), range, ': ');
  return keyItems(ownFileKeys(CONFIG_FILE_SCHEMA, path), written, range);
}

/** Keys of one of platlint's own files, but those written already. */
function keyItems(keys: readonly [string, string][], written: ReadonlySet<string>, range: Range): CompletionItem[] {
  return keys.filter(([name]) => !written.has(name)).map(([name, description]) => ({
    label: name,
    kind: CompletionItemKind.Property,
    detail: description,
    textEdit: { range, newText: `${name}: ` },
  }));
}

/**
 * A policy file outside its CEL and its `given` paths (policy-fields.ts): its keys, and the values its schema lists
 * (`severity`, `match.kinds`, a label requirement's `operator`), after `key: `, in a flow list or as a list's item.
 */
function policyFileCompletions(lines: readonly string[], position: Position): CompletionItem[] {
  const text = lines[position.line] ?? '';
  const shape = lineShape(text);
  const keyColumn = shape.key !== undefined || text.trim() !== '' ? shape.contentColumn : position.character;
  const path = containerPath(lines, position.line, keyColumn);
  const valueRange = wordRange(text, position, /[\s,[:]/);
  if (afterColon(text, shape, position)) {
    const field = ownFileSchemaAt(POLICY_FILE_SCHEMA, [...path, shape.key]);
    const listItems = flowListItems(text.slice(shape.keyEnd, position.character));
    const schema = listItems ? ownFileSchemaAt(POLICY_FILE_SCHEMA, [...path, shape.key, 0]) : field;
    const values = (schema?.enum ?? []).map(String).filter((value) => !listItems?.includes(value));
    const lead = !listItems && text.slice(0, position.character).endsWith(':') ? ' ' : '';
    return valueItems(values, field?.description ?? 'value', valueRange, lead);
  }
  const here = ownFileSchemaAt(POLICY_FILE_SCHEMA, path);
  // An item of a list of values: `- Us` under `kinds:`.
  if (shape.key === undefined && here?.enum) return valueItems(here.enum.map(String), 'value', valueRange);
  return keyItems(ownFileKeys(POLICY_FILE_SCHEMA, path), siblingKeys(lines, position.line, keyColumn), wordRange(text, position, /\s/));
}

/** The values a list field's items may take: the schema's enum, or values offered beside the schema. */
function itemValues(kind: ResourceKind, field: FieldInfo): readonly string[] | undefined {
  return field.schema.items?.enum?.map(String) ?? OFFERED_VALUES[`${kind} ${field.display}`];
}

/**
 * The flow list the cursor is in on its line (`verbs: [get, li`): the items written before the one being typed, or
 * undefined outside a flow list.
 */
function flowListItems(afterKey: string): string[] | undefined {
  const list = /^\s*:\s*\[([^\]]*)$/.exec(afterKey);
  if (!list) return undefined;
  const items = (list[1] ?? '').split(',').map((item) => item.trim().replace(/^["']|["']$/g, ''));
  return items.slice(0, -1);
}

function valueCompletions(kind: ResourceKind | undefined, path: readonly PathStep[], range: Range, lead: string, listItems: readonly string[] | undefined): CompletionItem[] {
  if (path.length === 1 && path[0] === 'apiVersion') return valueItems([`${API_GROUP}/${API_VERSION}`], 'apiVersion', range, lead);
  if (path.length === 1 && path[0] === 'kind') return valueItems(KINDS, 'kind', range, lead);
  const field = kind && fieldAt(kind, path);
  if (!kind || !field) return [];
  if (listItems) {
    const values = field.schema.type === 'array' ? itemValues(kind, field) : undefined;
    // An item written already is not offered again.
    return values ? valueItems(values.filter((value) => !listItems.includes(value)), field.schema.items ? typeLabel(field.schema.items) : 'value', range) : [];
  }
  if (field.schema.enum) return valueItems(field.schema.enum.map(String), typeLabel(field.schema), range, lead);
  if (field.schema.type === 'boolean') return valueItems(['true', 'false'], 'boolean', range, lead);
  return [];
}

/** The object kinds of the file's documents (List kinds count as their items' kind). */
function kindsInFile(lines: readonly string[]): Set<ResourceKind> {
  const kinds = new Set<ResourceKind>();
  for (let line = 0; line < lines.length; line++) {
    if (line > 0 && !isDocumentMarker(lines[line - 1] ?? '')) continue;
    const kind = OBJECT_KIND[topLevelValue(lines, line, 'kind') ?? ''];
    if (kind) kinds.add(kind);
  }
  return kinds;
}

/** The engine stages whose findings are in the linted file itself: a directive there can name their rules. */
const IN_FILE_STAGES: ReadonlySet<EngineStage> = new Set(['read', 'extract', 'schema', 'directives']);

/**
 * Rules that can report in a linted file, for the ids a directive may name: not the rules that judge a change
 * (`transition`: diff, patch and --base only), nor those the engine reports from a stage outside the file (`meta.stages`:
 * `platlint patch`, a rule that failed, problems of policy files and fixtures, of the baseline file and of
 * `.platlint.yaml`: reported there, or a bug to see, not to silence); and only those of the file's kinds (all of them
 * while no document names a kind yet).
 */
function rulesReportingIn(rules: readonly Rule[], lines: readonly string[]): Rule[] {
  const kinds = kindsInFile(lines);
  return rules.filter((rule) => {
    const { meta } = rule;
    if (meta.transition || (meta.stages && !meta.stages.some((stage) => IN_FILE_STAGES.has(stage)))) return false;
    return !meta.kinds || kinds.size === 0 || meta.kinds.some((kind) => kinds.has(kind));
  });
}

/**
 * Completion: rule ids in directives, `.platlint.yaml` keys and values, manifest fields and enum values, and in a
 * policy file its keys and values, the fields its expressions and `given` paths can name, and CEL's functions,
 * macros and variables.
 */
export function completionsAt(document: TextDocument, position: Position, context: CompletionContext): CompletionItem[] {
  const text = lineAt(document, position.line);
  const before = text.slice(0, position.character);
  const directive = DIRECTIVE_COMMENT.exec(before);
  if (directive) {
    // After ` -- ` comes the reason, free text.
    if (/\s--(?:\s|$)/.test(before.slice(directive.index + directive[0].length))) return [];
    const lines = document.getText().split(/\r?\n/);
    const range = wordRange(text, position, /[\s,]/);
    const items = ruleItems(rulesReportingIn(context.rules, lines), range, '');
    if (!/platlint-enable\b/.test(directive[0])) return items;
    return enableItems(document, range, items, context.rules);
  }
  if (/(^|\s)#/.test(before)) return [];
  const lines = document.getText().split(/\r?\n/);
  if (context.isConfigFile) return configFileCompletions(lines, position, context.rules);
  const shape = lineShape(text);
  const documentKind = topLevelValue(lines, position.line, 'kind');
  if (documentKind === ADMISSION_POLICY_KIND) return policyCompletions(document.getText(), document.offsetAt(position), (offset) => document.positionAt(offset), context.kubernetesVersion);
  // A policy file, or one becoming a policy file (`apiVersion: platlint/v1`, the kind being typed).
  if (documentKind === 'Policy' || topLevelValue(lines, position.line, 'apiVersion') === 'platlint/v1') {
    const selecting = policyCompletions(document.getText(), document.offsetAt(position), (offset) => document.positionAt(offset), context.kubernetesVersion);
    return selecting.length > 0 ? selecting : policyFileCompletions(lines, position);
  }
  if (afterColon(text, shape, position)) {
    const path = [...containerPath(lines, position.line, shape.contentColumn), shape.key];
    const object = objectAt(documentKind, path, context.embedded);
    const listItems = flowListItems(text.slice(shape.keyEnd, position.character));
    return valueCompletions(object?.kind, object?.path ?? path, wordRange(text, position, /[\s[,:]/), before.endsWith(':') ? ' ' : '', listItems);
  }
  const keyColumn = text.trim() === '' ? position.character : shape.contentColumn;
  const path = containerPath(lines, position.line, keyColumn);
  const object = objectAt(documentKind, path, context.embedded);
  if (!object && path.length) return [];
  const range = wordRange(text, position, /[\s]/);
  const written = siblingKeys(lines, position.line, keyColumn);
  return fieldsOf(object?.kind, object?.path ?? path).filter(([name]) => !written.has(name)).map(([name, field]) => ({
    label: name,
    kind: CompletionItemKind.Field,
    detail: typeLabel(field.schema),
    documentation: { kind: MarkupKind.Markdown, value: fieldMarkdown(name, field) },
    textEdit: { range, newText: `${name}: ` },
  }));
}
