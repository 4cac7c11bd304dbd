/**
 * What the client sends, checked before a handler sees it: the params of each method the server handles, in the
 * shapes the LSP specification gives (only the fields the server reads), and positions clamped to the document.
 */
import type { Position, Range } from 'vscode-languageserver/node.js';
import type { TextDocument } from 'vscode-languageserver-textdocument';

/** The problem with a value, said from where it is (`position.line must be …`), or undefined when it is fine. */
type Check = (value: unknown, at: string) => string | undefined;

/** The LSP's `uinteger`. */
const MAX_UINTEGER = 2_147_483_647;

const where = (at: string, key: string): string => (at ? `${at}.${key}` : key);
const named = (at: string): string => at || 'params';

const any: Check = () => undefined;
const string: Check = (value, at) => (typeof value === 'string' ? undefined : `${named(at)} must be a string`);
const boolean: Check = (value, at) => (typeof value === 'boolean' ? undefined : `${named(at)} must be a boolean`);
const integer: Check = (value, at) => (Number.isInteger(value) ? undefined : `${named(at)} must be an integer`);
const uinteger: Check = (value, at) =>
  Number.isInteger(value) && (value as number) >= 0 && (value as number) <= MAX_UINTEGER ? undefined : `${named(at)} must be an integer from 0 to ${MAX_UINTEGER}`;
/** A JSON-RPC id as the LSP gives it: `integer | string`. */
const id: Check = (value, at) => (typeof value === 'string' || Number.isInteger(value) ? undefined : `${named(at)} must be an integer or a string`);
const optional = (check: Check): Check => (value, at) => (value === undefined ? undefined : check(value, at));
const nullable = (check: Check): Check => (value, at) => (value === null ? undefined : check(value, at));

function arrayOf(check: Check): Check {
  return (value, at) => {
    if (!Array.isArray(value)) return `${named(at)} must be an array`;
    for (const [i, item] of value.entries()) {
      const problem = check(item, `${named(at)}[${i}]`);
      if (problem) return problem;
    }
    return undefined;
  };
}

function shape(fields: Readonly<Record<string, Check>>): Check {
  return (value, at) => {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return `${named(at)} must be an object`;
    for (const [key, check] of Object.entries(fields)) {
      const problem = check((value as Record<string, unknown>)[key], where(at, key));
      if (problem) return problem;
    }
    return undefined;
  };
}

const textDocument = shape({ uri: string });
const position = shape({ line: uinteger, character: uinteger });
const range = shape({ start: position, end: position });
const folder = shape({ uri: string, name: string });

const REQUESTS = new Map<string, Check>(Object.entries({
  initialize: shape({
    processId: optional(nullable(integer)),
    rootUri: optional(nullable(string)),
    rootPath: optional(nullable(string)),
    capabilities: shape({}),
    workspaceFolders: optional(nullable(arrayOf(folder))),
    trace: optional(string),
  }),
  shutdown: any,
  'textDocument/hover': shape({ textDocument, position }),
  'textDocument/completion': shape({ textDocument, position }),
  'textDocument/signatureHelp': shape({ textDocument, position }),
  'textDocument/definition': shape({ textDocument, position }),
  'textDocument/references': shape({ textDocument, position, context: shape({ includeDeclaration: boolean }) }),
  'textDocument/prepareRename': shape({ textDocument, position }),
  'textDocument/rename': shape({ textDocument, position, newName: string }),
  'textDocument/codeAction': shape({ textDocument, range, context: shape({ diagnostics: arrayOf(shape({ range })), only: optional(arrayOf(string)) }) }),
  'textDocument/documentSymbol': shape({ textDocument }),
  'textDocument/diagnostic': shape({ textDocument }),
  'workspace/diagnostic': shape({}),
  'workspace/symbol': shape({ query: string }),
  'workspace/executeCommand': shape({ command: string, arguments: optional(arrayOf(any)) }),
}));

const NOTIFICATIONS = new Map<string, Check>(Object.entries({
  initialized: optional(shape({})),
  exit: any,
  'textDocument/didOpen': shape({ textDocument: shape({ uri: string, languageId: string, version: integer, text: string }) }),
  'textDocument/didChange': shape({
    textDocument: shape({ uri: string, version: integer }),
    contentChanges: arrayOf(shape({ text: string, range: optional(range) })),
  }),
  'textDocument/didClose': shape({ textDocument }),
  'textDocument/didSave': shape({ textDocument, text: optional(string) }),
  'workspace/didChangeConfiguration': shape({}),
  'workspace/didChangeWatchedFiles': shape({ changes: arrayOf(shape({ uri: string, type: integer })) }),
  'workspace/didChangeWorkspaceFolders': shape({ event: shape({ added: arrayOf(folder), removed: arrayOf(folder) }) }),
  '$/setTrace': shape({ value: string }),
  '$/cancelRequest': shape({ id }),
}));

/** What is wrong with a request's or notification's params; undefined when they are fine or the method is not handled. */
export function paramsProblem(method: string, params: unknown, request: boolean): string | undefined {
  const check = (request ? REQUESTS : NOTIFICATIONS).get(method);
  return check?.(params, '');
}

/**
 * A position within the document: a line past the end is the end of the text, a character past the end of its line
 * is the end of the line (the LSP specification's rule for characters). Cursor code can then walk lines freely.
 */
export function clampPosition(document: TextDocument, at: Position): Position {
  return document.positionAt(document.offsetAt(at));
}

export function clampRange(document: TextDocument, range: Range): Range {
  return { start: clampPosition(document, range.start), end: clampPosition(document, range.end) };
}
