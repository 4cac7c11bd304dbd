/**
 * Signature help in the CEL of a policy rule or of a ValidatingAdmissionPolicy: while the arguments of a call are
 * written (`self.spec.email.endsWith(|`, `size(|`, `self.access.all(a, |`), every form of the function or macro
 * called, the argument being written marked in each, and the form chosen that has that many arguments.
 */
import type { ParameterInformation, Position, SignatureHelp, SignatureInformation } from 'vscode-languageserver-types';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { SyntaxProblem, tokenize, type CelCall } from '../policy/cel/index.js';
import { ADMISSION_POLICY_KIND } from '../policy/vap/types.js';
import { topLevelValue } from './cursor.js';
import { CEL_FIELDS, chainBefore, environmentOf, type RuleScalar } from './policy-context.js';
import { callOnChain, policyScalarAt } from './policy-fields.js';
import { celBefore } from './policy-names.js';

type Token = ReturnType<typeof tokenize>[number];

/** A call whose parenthesis is open at the cursor: its name as written (`format.named`), and the argument being written. */
interface OpenCall {
  qualified: string;
  name: string;
  /** Where the dot before the name is, for a member call (`x.endsWith(`): the receiver's chain ends there. */
  dot: number | undefined;
  argument: number;
}

/** Words the lexer gives as identifiers that a parenthesis after them does not call. */
const NOT_CALLED = new Set(['in', 'true', 'false', 'null']);

/**
 * The tokens of the CEL before the cursor. When the cursor is in a string literal not yet closed, those before it: the
 * literal is the argument being written.
 */
function tokensBefore(cel: string): Token[] | undefined {
  try {
    return tokenize(cel);
  } catch (error) {
    if (!(error instanceof SyntaxProblem)) throw error;
    const quote = cel[error.offset];
    if ((quote !== '"' && quote !== "'") || cel.includes(quote, error.offset + 1)) return undefined;
    try {
      return tokenize(cel.slice(0, error.offset));
    } catch {
      return undefined;
    }
  }
}

/** The innermost call whose argument list holds the end of the text (a list or map literal in it does not count). */
function openCall(cel: string): OpenCall | undefined {
  const tokens = tokensBefore(cel);
  if (!tokens) return undefined;
  // Each open bracket: a call with the arguments seen, or another bracket.
  const open: { call: OpenCall | undefined }[] = [];
  for (const [i, token] of tokens.entries()) {
    if (token.kind !== 'punct') continue;
    if (token.text === ',') {
      const top = open.at(-1)?.call;
      if (top) top.argument++;
    } else if (token.text === ')' || token.text === ']' || token.text === '}') {
      open.pop();
    } else if (token.text === '[' || token.text === '{') {
      open.push({ call: undefined });
    } else if (token.text === '(') {
      open.push({ call: calledAt(tokens, i) });
    }
  }
  return open.findLast((bracket) => bracket.call !== undefined)?.call;
}

/** The call a parenthesis opens, from the name before it and the dots and names before that. */
function calledAt(tokens: readonly Token[], paren: number): OpenCall | undefined {
  const name = tokens[paren - 1];
  if (name?.kind !== 'ident' || NOT_CALLED.has(name.text)) return undefined;
  const dot = tokens[paren - 2];
  const parts = [name.text];
  for (let i = paren - 2; tokens[i]?.text === '.' && tokens[i]?.kind === 'punct' && tokens[i - 1]?.kind === 'ident'; i -= 2) parts.unshift(tokens[i - 1]?.text ?? '');
  return { qualified: parts.join('.'), name: name.text, dot: dot?.kind === 'punct' && dot.text === '.' ? dot.start : undefined, argument: 0 };
}

/**
 * What is called: a global function by its qualified name (`format.named`, `size`) as cel-go resolves one first, else
 * a member of what the receiver's chain selects, or of any receiver where its type is not known (`'a'.startsWith(`).
 */
function resolveCall(at: RuleScalar, cel: string, call: OpenCall, kubernetesVersion: string | undefined): CelCall | undefined {
  const environment = environmentOf(kubernetesVersion);
  const global = environment.globalCalls().find((c) => c.name === call.qualified);
  if (global || call.dot === undefined) return global;
  const chain = chainBefore(cel, call.dot);
  return (chain !== undefined ? callOnChain(at, chain, call.name, kubernetesVersion) : undefined) ?? environment.memberCallNamed(call.name);
}

/** The parameters of a form (`string.endsWith(string) -> bool`), as offsets in it: the commas inside a type (`map(A, B)`) do not part them. */
function parametersOf(form: string, call: CelCall): ParameterInformation[] {
  const member = form.indexOf(`.${call.name}(`);
  const open = member >= 0 && !form.startsWith(`${call.name}(`) ? member + call.name.length + 1 : call.name.length;
  const parameters: ParameterInformation[] = [];
  let depth = 0;
  let start = open + 1;
  for (let i = start; i < form.length; i++) {
    const c = form[i];
    if (c === '(') depth++;
    else if ((c === ',' || c === ')') && depth === 0) {
      if (i > start) parameters.push({ label: [start, i] });
      if (c === ')') break;
      start = i + 2;
    } else if (c === ')') depth--;
  }
  return parameters;
}

/** Signature help at `offset` of a policy file's or an admission policy's text, in a call of its CEL. */
export function policySignatureHelp(text: string, offset: number, kubernetesVersion?: string): SignatureHelp | undefined {
  const scalar = policyScalarAt(text, offset, kubernetesVersion);
  if (!scalar || !CEL_FIELDS.has(scalar.field)) return undefined;
  const cel = celBefore(scalar);
  const call = cel === undefined ? undefined : openCall(cel);
  const called = cel !== undefined && call ? resolveCall(scalar, cel, call, kubernetesVersion) : undefined;
  if (!called || !call) return undefined;
  const signatures: SignatureInformation[] = called.signatures.map((label) => ({ label, parameters: parametersOf(label, called) }));
  const fits = signatures.findIndex((signature) => (signature.parameters?.length ?? 0) > call.argument);
  return { signatures, activeSignature: Math.max(fits, 0), activeParameter: call.argument };
}

/** Signature help in a document: in a platlint policy or a ValidatingAdmissionPolicy, none elsewhere. */
export function signatureHelpAt(document: TextDocument, position: Position, kubernetesVersion: string | undefined): SignatureHelp | null {
  const kind = topLevelValue(document.getText().split(/\r?\n/), position.line, 'kind');
  if (kind !== 'Policy' && kind !== ADMISSION_POLICY_KIND) return null;
  return policySignatureHelp(document.getText(), document.offsetAt(position), kubernetesVersion) ?? null;
}
