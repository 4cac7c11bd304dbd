import { CodeActionKind, DiagnosticSeverity, DiagnosticTag, type CodeAction, type Diagnostic as LspDiagnostic, type Range, type TextEdit as LspTextEdit, type WorkspaceEdit } from 'vscode-languageserver-types';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { directiveIdText } from '../engine/directives.js';
import { fixUntilStable } from '../engine/fix-apply.js';
import { fixTitle } from '../engine/message-text.js';
import { minimalEdits } from './text-edits.js';
import type { Diagnostic, FileResult, Severity, TextEdit } from '../engine/types.js';
import directiveUnusedRule from '../../rules/directive/unused/index.js';

export const SOURCE = 'platlint';
export const FIX_ALL_KIND = `${CodeActionKind.SourceFixAll}.platlint`;

/** What a published diagnostic carries in `data`: the engine's edits, as 0-based UTF-16 offsets into the text. */
export interface DiagnosticData {
  stale?: boolean;
  fix?: { edits: TextEdit[] };
  suggestions?: { description: string; edits: TextEdit[] }[];
}

const SEVERITIES: Readonly<Record<Severity, DiagnosticSeverity>> = {
  error: DiagnosticSeverity.Error,
  warning: DiagnosticSeverity.Warning,
  info: DiagnosticSeverity.Information,
};

/** Engine positions are 1-based with an exclusive end; LSP positions are 0-based, also with an exclusive end. */
export function toRange(d: Pick<Diagnostic, 'line' | 'column' | 'endLine' | 'endColumn'>): Range {
  return {
    start: { line: Math.max(0, d.line - 1), character: Math.max(0, d.column - 1) },
    end: { line: Math.max(0, d.endLine - 1), character: Math.max(0, d.endColumn - 1) },
  };
}

/** `stale`: kept from the last version of its document that parsed; its fixes are dropped, its offsets outdated. */
export function toLspDiagnostic(d: Diagnostic, stale = false): LspDiagnostic {
  const data: DiagnosticData = {
    ...(stale ? { stale: true } : {}),
    ...(d.fix ? { fix: d.fix } : {}),
    ...(d.suggestions?.length ? { suggestions: d.suggestions } : {}),
  };
  return {
    range: toRange(d),
    severity: SEVERITIES[d.severity],
    source: SOURCE,
    code: d.ruleId,
    ...(d.docsUrl ? { codeDescription: { href: d.docsUrl } } : {}),
    message: d.message,
    // A directive that suppresses nothing is dead text: editors fade it.
    ...(d.ruleId === directiveUnusedRule.meta.id ? { tags: [DiagnosticTag.Unnecessary] } : {}),
    ...(data.fix || data.suggestions || data.stale ? { data } : {}),
  };
}

function before(a: { line: number; character: number }, b: { line: number; character: number }): boolean {
  return a.line < b.line || (a.line === b.line && a.character < b.character);
}

/** Ranges touch or overlap, ends included: a cursor just after a word still asks about that word. */
export function intersects(a: Range, b: Range): boolean {
  return !before(a.end, b.start) && !before(b.end, a.start);
}

function sameRange(a: Range, b: Range): boolean {
  return a.start.line === b.start.line && a.start.character === b.start.character && a.end.line === b.end.line && a.end.character === b.end.character;
}

export interface ActionRequest {
  document: TextDocument;
  /** The engine's result for exactly this document version. */
  result: FileResult;
  range: Range;
  /** Diagnostics the client sent in the request's context. */
  contextDiagnostics: readonly LspDiagnostic[];
  only?: readonly string[];
  /** Lints a text with the options that produced `result` (for fix-all, which re-lints until stable). */
  lint(text: string): FileResult;
  /** The client applies versioned `documentChanges`. */
  documentChanges: boolean;
}

/** `only: ['source.fixAll']` asks for `source.fixAll.platlint`; `''` (CodeActionKind.Empty) for everything. */
export function kindWanted(kind: string, only: readonly string[] | undefined): boolean {
  return !only || only.length === 0 || only.some((k) => k === '' || k === kind || kind.startsWith(`${k}.`));
}

function workspaceEdit(document: TextDocument, edits: LspTextEdit[], documentChanges: boolean): WorkspaceEdit {
  return documentChanges
    ? { documentChanges: [{ textDocument: { uri: document.uri, version: document.version }, edits }] }
    : { changes: { [document.uri]: edits } };
}

/** File offsets (end exclusive) as an LSP range of the document. */
export function offsetRange(document: TextDocument, start: number, end: number): Range {
  return { start: document.positionAt(start), end: document.positionAt(end) };
}

/** The whole document as a range: what the playground asks its code actions for. */
export function wholeRange(document: TextDocument): Range {
  return offsetRange(document, 0, document.getText().length);
}

function toLspEdits(document: TextDocument, edits: readonly TextEdit[]): LspTextEdit[] {
  return edits.map((e) => ({ range: offsetRange(document, e.start, e.end), newText: e.text }));
}

const NEXT_LINE_DIRECTIVE = /^(\s*#\s*platlint-disable-next-line\b)([^\n]*)$/;

/** `# platlint-disable-next-line ID` above the line, or `, ID` added to such a comment already there. */
function disableEdit(document: TextDocument, ruleId: string, line: number): LspTextEdit {
  const lineText = (n: number): string => document.getText({ start: { line: n, character: 0 }, end: { line: n + 1, character: 0 } }).replace(/\r?\n$/, '');
  if (line > 0) {
    const match = NEXT_LINE_DIRECTIVE.exec(lineText(line - 1));
    if (match?.[1] !== undefined && match[2] !== undefined) {
      const ids = directiveIdText(match[2]);
      if (ids.trim()) {
        const character = match[1].length + ids.trimEnd().length;
        return { range: { start: { line: line - 1, character }, end: { line: line - 1, character } }, newText: `, ${ruleId}` };
      }
    }
  }
  const indent = /^[ \t]*/.exec(lineText(line))?.[0] ?? '';
  const eol = document.getText().includes('\r\n') ? '\r\n' : '\n';
  return { range: { start: { line, character: 0 }, end: { line, character: 0 } }, newText: `${indent}# platlint-disable-next-line ${ruleId}${eol}` };
}

/** A diagnostic the request is about: in its range, or one the client sent in its context. */
function asked(lsp: LspDiagnostic, request: Pick<ActionRequest, 'range' | 'contextDiagnostics'>): boolean {
  return intersects(lsp.range, request.range) || request.contextDiagnostics.some((c) => c.source === SOURCE && c.code === lsp.code && sameRange(c.range, lsp.range));
}

/** The edits a diagnostic suggests (not safe unattended: the person picks one). */
function suggestionActions(document: TextDocument, d: Diagnostic, lsp: LspDiagnostic, documentChanges: boolean): CodeAction[] {
  return (d.suggestions ?? []).map((suggestion) => ({
    title: suggestion.description,
    kind: CodeActionKind.QuickFix,
    diagnostics: [lsp],
    edit: workspaceEdit(document, toLspEdits(document, suggestion.edits), documentChanges),
  }));
}

/**
 * Quick fixes in a policy file: the suggestions of its problems (a misspelt field, variable or function in CEL, a
 * misspelt key), whose offsets are into `diagnostics`' text, the document's current text (the caller checks).
 */
export function policyFileActions(request: Omit<ActionRequest, 'result' | 'lint'> & { diagnostics: readonly Diagnostic[] }): CodeAction[] {
  if (!kindWanted(CodeActionKind.QuickFix, request.only)) return [];
  return request.diagnostics.flatMap((d) => {
    const lsp = toLspDiagnostic(d);
    return asked(lsp, request) ? suggestionActions(request.document, d, lsp, request.documentChanges) : [];
  });
}

/** Quick fixes for the diagnostics in the range, and a fix-all for the whole document. */
export function codeActions(request: ActionRequest): CodeAction[] {
  const { document, result, only, documentChanges } = request;
  const actions: CodeAction[] = [];
  if (kindWanted(CodeActionKind.QuickFix, only)) {
    const disabled = new Set<string>();
    for (const d of result.diagnostics) {
      const lsp = toLspDiagnostic(d);
      if (!asked(lsp, request)) continue;
      if (d.fix?.edits.length) {
        actions.push({
          title: fixTitle(d.message),
          kind: CodeActionKind.QuickFix,
          diagnostics: [lsp],
          isPreferred: true,
          edit: workspaceEdit(document, toLspEdits(document, d.fix.edits), documentChanges),
        });
      }
      actions.push(...suggestionActions(document, d, lsp, documentChanges));
      // Directives never suppress directive diagnostics.
      const key = `${d.ruleId}\u0000${lsp.range.start.line}`;
      if (!d.ruleId.startsWith('directive/') && !disabled.has(key)) {
        disabled.add(key);
        actions.push({
          title: `Disable ${d.ruleId} for this line`,
          kind: CodeActionKind.QuickFix,
          diagnostics: [lsp],
          edit: workspaceEdit(document, [disableEdit(document, d.ruleId, lsp.range.start.line)], documentChanges),
        });
      }
    }
  }
  if (kindWanted(FIX_ALL_KIND, only) && result.diagnostics.some((d) => d.fix?.edits.length)) {
    const text = document.getText();
    // The same passes as `platlint --fix`: non-overlapping fixes first, the rest on re-lints.
    const { text: fixed, fixed: count } = fixUntilStable(text, (t) => request.lint(t), { linted: result });
    if (fixed !== text) {
      actions.push({
        // The count is what `platlint --fix` would say it fixed: the later passes' fixes too.
        title: `Fix all auto-fixable platlint problems (${count})`,
        kind: FIX_ALL_KIND,
        edit: workspaceEdit(document, toLspEdits(document, minimalEdits(text, fixed)), documentChanges),
      });
    }
  }
  return actions;
}
