import { MarkupKind, type Hover, type Position } from 'vscode-languageserver-types';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { Diagnostic, Rule } from '../engine/types.js';
import { ADMISSION_POLICY_KIND } from '../policy/vap/types.js';
import { intersects, toRange } from './convert.js';
import { containerPath, lineShape, topLevelValue, type LineShape } from './cursor.js';
import { CONFIG_FILE_SCHEMA, fieldAt, fieldMarkdown, objectAt, ownFileKeyMarkdown, POLICY_FILE_SCHEMA, type OwnFileSchema } from './fields.js';
import { policyHover } from './policy-fields.js';

export interface HoverContext {
  /** The rules in force for the document, policy rules included. */
  rules: readonly Rule[];
  docsUrl(ruleId: string): string | undefined;
  /** The engine's diagnostics last published for the document. */
  diagnostics: readonly Diagnostic[];
  /** The document is a `.platlint.yaml`: its keys are not manifest fields. */
  isConfigFile: boolean;
  /** The paths of its `embedded` entries, below which the file holds a Config's status. */
  embedded?: readonly (readonly string[])[];
  /** `.platlint.yaml`'s kubernetesVersion: the CEL whose functions a policy file's expressions call. */
  kubernetesVersion?: string;
}

export const DIRECTIVE_COMMENT = /#\s*platlint-(?:disable-next-line|disable-line|disable-file|disable|enable)\b/;

export function lineAt(document: TextDocument, line: number): string {
  return document.getText({ start: { line, character: 0 }, end: { line: line + 1, character: 0 } }).replace(/\r?\n$/, '');
}

function ruleSummary(rule: Rule, docsUrl: string | undefined): string {
  return [`**${rule.meta.id}**: ${rule.meta.description}`, ...(docsUrl ? ['', `[Documentation](${docsUrl})`] : [])].join('\n');
}

/** Whether the cursor is on the key of a line (`key:`). */
function onKeyOf(shape: LineShape, character: number): boolean {
  return shape.key !== undefined && character >= shape.contentColumn && character <= (shape.keyEnd ?? 0);
}

/** What a rule id is written with. */
const RULE_ID_CHARACTER = /[\w./-]/;

/** The run of rule-id characters around the cursor, if any. */
function idAround(text: string, character: number): string | undefined {
  let start = character;
  let end = character;
  while (start > 0 && RULE_ID_CHARACTER.test(text[start - 1] ?? '')) start--;
  while (end < text.length && RULE_ID_CHARACTER.test(text[end] ?? '')) end++;
  return start < end ? text.slice(start, end) : undefined;
}

/**
 * The rule whose id is under the cursor: in a `# platlint-disable…` comment, or anywhere in the config file (a key of
 * `rules:`, an item of `unfixable`, `fixable` or an exception's `rules`).
 */
export function ruleAt(text: string, character: number, rules: readonly Rule[], isConfigFile: boolean): Rule | undefined {
  const directive = directiveRule(text, character, rules);
  if (directive || !isConfigFile) return directive;
  const id = idAround(text, character);
  return id === undefined ? undefined : rules.find((r) => r.meta.id === id);
}

/** The rule id under the cursor in a `# platlint-disable…` comment. */
function directiveRule(text: string, character: number, rules: readonly Rule[]): Rule | undefined {
  const directive = DIRECTIVE_COMMENT.exec(text);
  if (!directive) return undefined;
  const idsStart = directive.index + directive[0].length;
  for (const match of text.slice(idsStart).matchAll(/[^\s,]+/g)) {
    if (match[0] === '--' || match[0].startsWith('#')) break;
    const start = idsStart + match.index;
    if (character >= start && character <= start + match[0].length) return rules.find((r) => r.meta.id === match[0]);
  }
  return undefined;
}

function diagnosticMarkdown(d: Diagnostic, rule: Rule | undefined): string {
  const lines = [`**platlint** \`${d.ruleId}\`: ${d.message}`];
  if (d.note) lines.push('', d.note);
  if (rule) lines.push('', rule.meta.description);
  if (d.docsUrl) lines.push('', `[${d.ruleId}](${d.docsUrl})`);
  return lines.join('\n');
}

/**
 * Hover: the diagnostics under the cursor with their explanation, a directive's rule, a field's schema (in a
 * manifest, or selected by a policy rule), the forms of a CEL function a policy rule calls, a CEL variable, or what
 * the schema of `.platlint.yaml` or of a policy file says of one of its keys.
 */
export function hoverAt(document: TextDocument, position: Position, context: HoverContext): Hover | null {
  const text = lineAt(document, position.line);
  const sections: string[] = [];
  const here = { start: position, end: position };
  for (const d of context.diagnostics) {
    if (intersects(toRange(d), here)) sections.push(diagnosticMarkdown(d, context.rules.find((r) => r.meta.id === d.ruleId)));
  }
  const shape = lineShape(text);
  const onKey = onKeyOf(shape, position.character);
  const rule = ruleAt(text, position.character, context.rules, context.isConfigFile);
  if (rule) sections.push(ruleSummary(rule, context.docsUrl(rule.meta.id)));
  const lines = document.getText().split(/\r?\n/);
  // A key of platlint's own files: what its schema says of it.
  const ownKey = (root: OwnFileSchema): string | undefined =>
    shape.key !== undefined && onKey ? ownFileKeyMarkdown(root, [...containerPath(lines, position.line, shape.contentColumn), shape.key]) : undefined;
  if (!rule && context.isConfigFile) {
    const key = ownKey(CONFIG_FILE_SCHEMA);
    if (key) sections.push(key);
  }
  if (!rule && !context.isConfigFile) {
    const kind = topLevelValue(lines, position.line, 'kind');
    if (kind === 'Policy' || kind === ADMISSION_POLICY_KIND) {
      const field = policyHover(document.getText(), document.offsetAt(position), context.kubernetesVersion) ?? (kind === 'Policy' ? ownKey(POLICY_FILE_SCHEMA) : undefined);
      if (field) sections.push(field);
    } else if (shape.key !== undefined && position.character >= shape.contentColumn) {
      const path = [...containerPath(lines, position.line, shape.contentColumn), shape.key];
      const object = objectAt(kind, path, context.embedded);
      const field = object && fieldAt(object.kind, object.path);
      if (field) sections.push(fieldMarkdown(shape.key, field));
    }
  }
  if (sections.length === 0) return null;
  return { contents: { kind: MarkupKind.Markdown, value: sections.join('\n\n---\n\n') } };
}
