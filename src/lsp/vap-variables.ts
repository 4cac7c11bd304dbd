/**
 * The variables of a ValidatingAdmissionPolicy, for go to definition, references and rename: a variable's `name`
 * in `spec.variables`, and every `variables.<name>` that reads it in the policy's CEL (its validations, messages,
 * variables, match conditions and audit annotations; not in a string literal or a comment, not where a macro binds a
 * variable called `variables`).
 */
import type { Location, Position, Range, WorkspaceEdit } from 'vscode-languageserver-types';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { isMap, isScalar, isSeq, Scalar, type Document } from 'yaml';
import { tokenize } from '../policy/cel/index.js';
import { isRecord } from '../platform/data.js';
import { isVariableName } from '../policy/vap/read.js';
import { ADMISSION_POLICY_KIND, admissionKindOf } from '../policy/vap/types.js';
import { documentAt, jsonOf, scalarAt, scope, type RuleScalar, type Variable } from './policy-context.js';
import { offsetRange } from './convert.js';
import { EXPRESSION_FIELDS } from './vap-context.js';

/** Offsets in the file's text: where a name is written. */
export type Span = [start: number, end: number];

export interface VariableSites {
  name: string;
  /** The `name` of its entry in spec.variables, when there is one. */
  definition: Span | undefined;
  /** Each `<name>` of a `variables.<name>` that reads it. */
  uses: Span[];
  /** The names of the policy's variables. */
  names: ReadonlySet<string>;
}

/** `variables`, a dot and a name: a selection of the policy's variables where CEL's tokens say `variables` is a name of its own. */
const SELECTION = /variables\s*\.\s*([A-Za-z_]\w*)/g;
/** What `variables` is to `scope` here, to tell the policy's from a macro's variable of that name. */
const POLICY_VARIABLES: Variable = { description: '' };

/** Whether a macro open before this point of the CEL binds a variable called `variables`. */
function shadowed(cel: string): boolean {
  const at: RuleScalar = { kind: undefined, variables: new Map([['variables', POLICY_VARIABLES]]), field: 'expression', before: cel, style: Scalar.PLAIN };
  return scope(at).get('variables') !== POLICY_VARIABLES;
}

/**
 * Each `variables.<name>` of one CEL scalar: the name and where it is written. Found in the decoded CEL (where CEL's
 * lexer tells literals and comments apart), and placed at the same selection counted in the scalar's text as
 * written: quotes, escapes and folded lines change the offsets of a selection, not how many there are before it. A
 * scalar whose text and value count differently (an escape inside a selection) is left out.
 */
function selectionsIn(node: Scalar, text: string): { name: string; span: Span }[] {
  const range = node.range;
  if (typeof node.value !== 'string' || !range) return [];
  const cel = node.value;
  let tokens;
  try {
    tokens = tokenize(cel);
  } catch {
    return [];
  }
  // `variables` as a name of its own: not selected from something else (`x.variables.y`).
  const roots = new Set(tokens.filter((token, i) => token.kind === 'ident' && token.text === 'variables' && tokens[i - 1]?.text !== '.').map((token) => token.start));
  const written = [...text.slice(range[0], range[1]).matchAll(SELECTION)];
  const decoded = [...cel.matchAll(SELECTION)];
  if (written.length !== decoded.length) return [];
  return decoded.flatMap((match, i) => {
    const place = written[i];
    const name = match[1] ?? '';
    if (!place || !roots.has(match.index) || shadowed(cel.slice(0, match.index))) return [];
    const start = range[0] + place.index + place[0].length - name.length;
    return [{ name, span: [start, start + name.length] as Span }];
  });
}

/** Every CEL scalar of an admission policy's spec. */
function celScalars(document: Document.Parsed): Scalar[] {
  const scalars: Scalar[] = [];
  for (const [list, fields] of Object.entries(EXPRESSION_FIELDS)) {
    const items = document.getIn(['spec', list], true);
    if (!isSeq(items)) continue;
    for (const item of items.items) {
      if (!isMap(item)) continue;
      for (const field of Object.keys(fields)) {
        const node = item.get(field, true);
        if (isScalar(node)) scalars.push(node);
      }
    }
  }
  return scalars;
}

/** The `name` scalars of spec.variables. */
function nameNodes(document: Document.Parsed): Scalar[] {
  const variables = document.getIn(['spec', 'variables'], true);
  if (!isSeq(variables)) return [];
  return variables.items.flatMap((item) => {
    const name = isMap(item) ? item.get('name', true) : undefined;
    return isScalar(name) && typeof name.value === 'string' && name.range ? [name] : [];
  });
}

/** The name of the variable at `offset`: its `name` in spec.variables, or the name of a `variables.<name>` in CEL. */
function nameAt(document: Document.Parsed, text: string, offset: number): string | undefined {
  const definition = nameNodes(document).find((node) => node.range && node.range[0] <= offset && offset <= node.range[1]);
  if (definition) return String(definition.value);
  const at = scalarAt(document.contents, offset);
  const [spec, list, , field] = at?.path ?? [];
  if (!at || spec !== 'spec' || typeof list !== 'string' || typeof field !== 'string' || !EXPRESSION_FIELDS[list]?.[field]) return undefined;
  return selectionsIn(at.node, text).find(({ span: [start, end] }) => start <= offset && offset <= end)?.name;
}

/** The variable of the admission policy at `offset` (its definition or a use), with its definition and every use. */
export function variableSitesAt(text: string, offset: number): VariableSites | undefined {
  const document = documentAt(text, offset);
  const data = document && jsonOf(document);
  if (!document || !isRecord(data) || admissionKindOf(data) !== ADMISSION_POLICY_KIND) return undefined;
  const name = nameAt(document, text, offset);
  if (name === undefined) return undefined;
  const names = nameNodes(document);
  const definition = names.find((node) => node.value === name)?.range;
  return {
    name,
    definition: definition ? [definition[0], definition[1]] : undefined,
    uses: celScalars(document)
      .flatMap((node) => selectionsIn(node, text).flatMap((selection) => (selection.name === name ? [selection.span] : [])))
      .sort((a, b) => a[0] - b[0]),
    names: new Set(names.map((node) => String(node.value))),
  };
}

/** Why a variable cannot be renamed to `name`, or undefined when it can. */
function renameProblem(sites: VariableSites, name: string): string | undefined {
  if (!isVariableName(name)) return `"${name}" is not a valid variable name: a CEL identifier, not a reserved word`;
  if (name !== sites.name && sites.names.has(name)) return `A variable named "${name}" already exists`;
  return undefined;
}

const rangeOf = (document: TextDocument, [start, end]: Span): Range => offsetRange(document, start, end);

/** Every place that reads the variable at the position, its definition too when asked. */
export function variableReferences(document: TextDocument, position: Position, includeDeclaration: boolean): Location[] {
  const sites = variableSitesAt(document.getText(), document.offsetAt(position));
  if (!sites) return [];
  const spans = [...(includeDeclaration && sites.definition ? [sites.definition] : []), ...sites.uses];
  return spans.map((span) => ({ uri: document.uri, range: rangeOf(document, span) }));
}

/** What a rename at the position would rename: the variable's name there, or null where there is no variable. */
export function prepareVariableRename(document: TextDocument, position: Position): { range: Range; placeholder: string } | null {
  const offset = document.offsetAt(position);
  const sites = variableSitesAt(document.getText(), offset);
  const here = sites && [...(sites.definition ? [sites.definition] : []), ...sites.uses].find(([start, end]) => start <= offset && offset <= end);
  return sites && here ? { range: rangeOf(document, here), placeholder: sites.name } : null;
}

/** The edits that rename the variable at the position, its definition and every use; or why it cannot be. */
export function renameVariable(document: TextDocument, position: Position, newName: string): { edit: WorkspaceEdit } | { refused: string } | null {
  const sites = variableSitesAt(document.getText(), document.offsetAt(position));
  if (!sites) return null;
  const refused = renameProblem(sites, newName);
  if (refused) return { refused };
  const spans = [...(sites.definition ? [sites.definition] : []), ...sites.uses];
  return { edit: { changes: { [document.uri]: spans.map((span) => ({ range: rangeOf(document, span), newText: newName })) } } };
}
