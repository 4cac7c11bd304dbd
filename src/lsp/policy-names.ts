/**
 * Names in the CEL of a policy rule or of an admission policy, for completion and hover: where a name is written (not after a dot, not in a string
 * literal or a comment), the variables in scope, the global functions and macros of the Kubernetes version (`size`,
 * `quantity`, `has`; a namespace's functions after it: `format.`), and `true`, `false` and `null`.
 */
import { CompletionItemKind, MarkupKind, type CompletionItem, type Range } from 'vscode-languageserver-types';
import { Scalar } from 'yaml';
import { formatType, tokenize, type CelCall } from '../policy/cel/index.js';
import { fieldAt, typeLabel } from './fields.js';
import { environmentOf, scope, type RuleScalar, type Variable } from './policy-context.js';

/** A name written where CEL takes one: `written` as typed (`format.dn`), `qualifier` its namespace part (`format.`). */
export interface NameAt {
  written: string;
  qualifier: string;
}

/** After these a value has ended: what comes next is an operator, not a name. */
const ENDS_VALUE = new Set([')', ']', '}']);

/** The CEL of a scalar up to the cursor, from its text in the file: near enough to tell what the cursor is in. */
export function celBefore(at: RuleScalar): string | undefined {
  const { before, style } = at;
  if (style === Scalar.QUOTE_DOUBLE) return before.slice(1).replace(/\\(["\\])/g, '$1');
  if (style === Scalar.QUOTE_SINGLE) return before.slice(1).replaceAll("''", "'");
  if (style !== Scalar.BLOCK_LITERAL && style !== Scalar.BLOCK_FOLDED) return before;
  // Nothing is written on a block scalar's header line (`|-`).
  const header = before.indexOf('\n');
  return header < 0 ? undefined : before.slice(header + 1);
}

/** The name being written at the end of the scalar's CEL, if a name can be written there. */
export function nameAt(at: RuleScalar): NameAt | undefined {
  const cel = celBefore(at);
  if (cel === undefined) return undefined;
  let start = cel.length;
  while (start > 0 && /[\w.]/.test(cel[start - 1] ?? '')) start--;
  const written = cel.slice(start);
  const parts = written.split('.');
  if (!parts.every((part, i) => /^[A-Za-z_]\w*$/.test(part) || (part === '' && i === parts.length - 1))) return undefined;
  const preceding = cel.slice(0, start);
  // After `.?` is a field (policy-fields.ts).
  if (preceding.endsWith('.?')) return undefined;
  let tokens;
  try {
    tokens = tokenize(preceding);
  } catch {
    // The cursor is in a string or bytes literal that is still open, or after text that is not CEL.
    return undefined;
  }
  const last = tokens.filter((token) => token.kind !== 'eof').at(-1);
  // Only blanks between the last token and the name: else the name is in a comment.
  if (!/^\s*$/.test(preceding.slice(last?.end ?? 0))) return undefined;
  const operand = !last || (last.kind === 'punct' && !ENDS_VALUE.has(last.text)) || (last.kind === 'ident' && last.text === 'in');
  if (!operand) return undefined;
  const dot = written.lastIndexOf('.');
  return { written, qualifier: written.slice(0, dot + 1) };
}

/** What a variable is: the kind itself, a field's type in its schema, its CEL type, or nothing known. */
function variableType(at: RuleScalar, variable: Variable): string | undefined {
  const { path, type } = variable;
  if (path && at.kind) {
    if (path.length === 0) return at.kind;
    const field = fieldAt(at.kind, path);
    return field && typeLabel(field.schema);
  }
  return type && type.kind !== 'dyn' ? formatType(type) : undefined;
}

function variableMarkdown(at: RuleScalar, name: string, variable: Variable): string {
  const type = variableType(at, variable);
  return `**${name}**${type ? `: ${type}` : ''}\n\n${variable.description}`;
}

/** Every form a function or macro can be called in, as a code block. */
export function signaturesMarkdown(call: CelCall): string {
  return ['```', ...call.signatures, '```'].join('\n');
}

/** Completions for the name being written at the cursor: variables first, then functions and macros, then constants. */
export function nameCompletions(at: RuleScalar, name: NameAt, range: Range, kubernetesVersion: string | undefined): CompletionItem[] {
  const items: CompletionItem[] = [];
  if (!name.qualifier) {
    for (const [label, variable] of scope(at)) {
      const detail = variableType(at, variable);
      items.push({
        label,
        kind: CompletionItemKind.Variable,
        ...(detail ? { detail } : {}),
        documentation: { kind: MarkupKind.Markdown, value: variableMarkdown(at, label, variable) },
        sortText: `0${label}`,
        textEdit: { range, newText: label },
      });
    }
  }
  for (const call of environmentOf(kubernetesVersion).globalCalls()) {
    if (!call.name.startsWith(name.qualifier)) continue;
    items.push({
      label: call.name,
      kind: call.macro ? CompletionItemKind.Keyword : CompletionItemKind.Function,
      detail: call.signatures[0],
      documentation: { kind: MarkupKind.Markdown, value: signaturesMarkdown(call) },
      sortText: `1${call.name}`,
      textEdit: { range, newText: call.name },
    });
  }
  if (!name.qualifier) {
    for (const label of ['true', 'false', 'null']) items.push({ label, kind: CompletionItemKind.Constant, sortText: `2${label}`, textEdit: { range, newText: label } });
  }
  return items;
}

/**
 * Hover on a name the cursor's scalar ends with: a variable's type and what it is; a global function or macro
 * (followed by its parenthesis) with every form it can be called in.
 */
export function nameHover(at: RuleScalar, called: boolean, kubernetesVersion: string | undefined): string | undefined {
  const name = nameAt(at);
  if (!name?.written) return undefined;
  if (called) {
    const call = environmentOf(kubernetesVersion).globalCalls().find((c) => c.name === name.written);
    return call && signaturesMarkdown(call);
  }
  const variable = name.qualifier ? undefined : scope(at).get(name.written);
  return variable && variableMarkdown(at, name.written, variable);
}
