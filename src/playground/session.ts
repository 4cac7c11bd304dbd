/**
 * What the playground's Web Worker does for the page (./worker.ts wires it to messages): it lints the three texts as
 * the command does (src/browser/playground.ts), and offers in them what the language server offers in an editor,
 * through the language server's own conversions (src/lsp/convert.ts, hover.ts, completion.ts): each diagnostic with
 * its quick fixes, fix all as `--fix` does it, hover on fields and rule ids, completion, and signature help in CEL.
 */
import { TextDocument } from 'vscode-languageserver-textdocument';
import { CodeActionKind, CompletionItemKind, type CodeAction, type CompletionItem, type TextEdit as LspTextEdit } from 'vscode-languageserver-types';
import { builtinRules } from '../../rules/index.js';
import { CONFIG_FILE, MANIFEST_FILE, PlaygroundProject, POLICY_FILE, type PlaygroundRun } from '../browser/playground.js';
import { lintText } from '../engine/lint.js';
import type { Diagnostic } from '../engine/types.js';
import { codeActions, FIX_ALL_KIND, policyFileActions, toRange, wholeRange } from '../lsp/convert.js';
import { completionsAt } from '../lsp/completion.js';
import { hoverAt } from '../lsp/hover.js';
import { signatureHelpAt } from '../lsp/policy-signatures.js';
import type { EditorName, LintReply, OffsetEdit, PageCompletion, PageDiagnostic, PageSignatureHelp, PlaygroundTexts, QuickFix, Reply, Request } from './protocol.js';

const FILE_NAMES: Readonly<Record<EditorName, string>> = { manifest: MANIFEST_FILE, config: CONFIG_FILE, policy: POLICY_FILE };
const BUILTIN_IDS = new Set(builtinRules.map((rule) => rule.meta.id));

function documentOf(editor: EditorName, text: string): TextDocument {
  return TextDocument.create(`playground:///${FILE_NAMES[editor]}`, 'yaml', 1, text);
}

/** CodeMirror's names of what a completion is, for its icon. */
const COMPLETION_TYPES: ReadonlyMap<CompletionItemKind, string> = new Map([
  [CompletionItemKind.Field, 'property'],
  [CompletionItemKind.Property, 'property'],
  [CompletionItemKind.Value, 'enum'],
  [CompletionItemKind.EnumMember, 'enum'],
  [CompletionItemKind.Function, 'function'],
  [CompletionItemKind.Method, 'method'],
  [CompletionItemKind.Variable, 'variable'],
  [CompletionItemKind.Keyword, 'keyword'],
  [CompletionItemKind.Constant, 'constant'],
]);

/** A language server completion as the page applies it: its edit in offsets (the word typed, when it has none). */
function pageCompletion(document: TextDocument, offset: number, item: CompletionItem, index: number): PageCompletion {
  const edit = item.textEdit && 'range' in item.textEdit ? item.textEdit : undefined;
  const documentation = typeof item.documentation === 'object' ? item.documentation.value : item.documentation;
  return {
    label: item.label,
    type: (item.kind !== undefined && COMPLETION_TYPES.get(item.kind)) || 'text',
    ...(item.detail === undefined ? {} : { detail: item.detail }),
    ...(documentation === undefined ? {} : { documentation }),
    edit: edit
      ? { from: document.offsetAt(edit.range.start), to: document.offsetAt(edit.range.end), insert: edit.newText }
      : { from: offset, to: offset, insert: item.insertText ?? item.label },
    // The server's order where it gives none: the order of its list.
    sortText: item.sortText ?? String(index).padStart(4, '0'),
  };
}

function offsetEdits(document: TextDocument, action: CodeAction): OffsetEdit[] {
  const edits: LspTextEdit[] = action.edit?.changes?.[document.uri] ?? [];
  return edits.map((edit) => ({ from: document.offsetAt(edit.range.start), to: document.offsetAt(edit.range.end), insert: edit.newText }));
}

/** A diagnostic as an action names it: its rule, range and message. */
function actionKey(d: { code?: string | number | undefined; range: unknown; message: string }): string {
  return JSON.stringify([d.code, d.range, d.message]);
}

interface Linted {
  texts: PlaygroundTexts;
  run: PlaygroundRun;
}

/** Code actions as the page applies them, by the diagnostic each fixes. */
function quickFixesByDiagnostic(document: TextDocument, actions: readonly CodeAction[]): Map<string, QuickFix[]> {
  const byDiagnostic = new Map<string, QuickFix[]>();
  for (const action of actions) {
    const fixed = action.diagnostics?.[0];
    if (!fixed) continue;
    const key = actionKey(fixed);
    byDiagnostic.set(key, [...(byDiagnostic.get(key) ?? []), { title: action.title, preferred: action.isPreferred === true, edits: offsetEdits(document, action) }]);
  }
  return byDiagnostic;
}

export class PlaygroundSession {
  private readonly project = new PlaygroundProject();
  private last: Linted | undefined;
  /** Requests are answered in the order they came: a fix or a hover is of the texts linted before it. */
  private queue: Promise<unknown> = Promise.resolve();

  handle(request: Request): Promise<Reply> {
    const answer = this.queue.then(() => this.answer(request));
    this.queue = answer.catch(() => undefined);
    return answer.catch((error: unknown) => ({ id: request.id, type: 'error', message: error instanceof Error ? error.message : String(error) }));
  }

  private async answer(request: Request): Promise<Reply> {
    switch (request.type) {
      case 'lint':
        return { id: request.id, type: 'lint', ...(await this.lint(request.texts)) };
      case 'fixAll':
        return { id: request.id, type: 'fixAll', edits: this.fixAll() };
      case 'hover':
        return { id: request.id, type: 'hover', markdown: this.hover(request.editor, request.offset) };
      case 'complete':
        return { id: request.id, type: 'complete', completions: this.complete(request.editor, request.text, request.offset) };
      case 'signature':
        return { id: request.id, type: 'signature', help: this.signature(request.editor, request.text, request.offset) };
    }
  }

  private async lint(texts: PlaygroundTexts): Promise<LintReply> {
    const run = await this.project.lint(texts);
    this.last = { texts, run };
    const diagnostics = [
      ...this.pageDiagnostics('manifest', texts.manifest, run.manifest?.diagnostics ?? [], this.quickFixes(texts.manifest, run)),
      ...this.pageDiagnostics('config', texts.config, run.config, new Map()),
      ...this.pageDiagnostics('policy', texts.policy, run.policy, this.policyFixes(texts.policy, run)),
    ];
    return { stdout: run.stdout, stderr: run.stderr, diagnostics, fixable: run.manifest?.diagnostics.some((d) => d.fix?.edits.length) ?? false };
  }

  /** The language server's quick fixes for every diagnostic of the manifest, by the diagnostic they fix. */
  private quickFixes(text: string, run: PlaygroundRun): Map<string, QuickFix[]> {
    const { manifest, options } = run;
    if (!manifest || !options) return new Map();
    const document = documentOf('manifest', text);
    const actions = codeActions({ document, result: manifest, range: wholeRange(document), contextDiagnostics: [], only: [CodeActionKind.QuickFix], lint: (t) => lintText(t, options), documentChanges: false });
    return quickFixesByDiagnostic(document, actions);
  }

  /** The suggestions of the policy's problems (a misspelt name in its CEL or a key), found in this very text. */
  private policyFixes(text: string, run: PlaygroundRun): Map<string, QuickFix[]> {
    const document = documentOf('policy', text);
    return quickFixesByDiagnostic(document, policyFileActions({ document, range: wholeRange(document), contextDiagnostics: [], only: [CodeActionKind.QuickFix], documentChanges: false, diagnostics: run.policy }));
  }

  private pageDiagnostics(editor: EditorName, text: string, diagnostics: readonly Diagnostic[], fixes: ReadonlyMap<string, QuickFix[]>): PageDiagnostic[] {
    if (diagnostics.length === 0) return [];
    const document = documentOf(editor, text);
    return diagnostics.map((d) => {
      const range = toRange(d);
      return {
        editor,
        from: document.offsetAt(range.start),
        to: document.offsetAt(range.end),
        line: d.line,
        column: d.column,
        severity: d.severity,
        ruleId: d.ruleId,
        message: d.message,
        ...(d.note === undefined ? {} : { note: d.note }),
        builtin: BUILTIN_IDS.has(d.ruleId),
        ...(d.docsUrl === undefined ? {} : { docsUrl: d.docsUrl }),
        fixes: fixes.get(actionKey({ code: d.ruleId, range, message: d.message })) ?? [],
      };
    });
  }

  /** What fix all does to the manifest last linted: the fixes applied as `--fix` applies them, re-linting until none is left. */
  private fixAll(): OffsetEdit[] {
    const { texts, run } = this.last ?? {};
    if (!texts || !run?.manifest || !run.options) return [];
    const { options } = run;
    const document = documentOf('manifest', texts.manifest);
    const [action] = codeActions({ document, result: run.manifest, range: wholeRange(document), contextDiagnostics: [], only: [FIX_ALL_KIND], lint: (t) => lintText(t, options), documentChanges: false });
    return action ? offsetEdits(document, action) : [];
  }

  /**
   * Hover in the manifest (its fields' schema, rule ids in directives), in `.platlint.yaml` (rule ids) or in the policy
   * (the fields a rule on one kind selects, the functions it calls, its variables).
   */
  private hover(editor: EditorName, offset: number): string | null {
    const { texts, run } = this.last ?? {};
    if (!texts || !run?.inForce) return null;
    const document = documentOf(editor, texts[editor]);
    const { inForce, options } = run;
    const hover = hoverAt(document, document.positionAt(offset), {
      rules: inForce.rules,
      docsUrl: (id) => inForce.docsUrl(id),
      // The page shows each diagnostic's own tooltip: hover adds what the schema and the rules say.
      diagnostics: [],
      isConfigFile: editor === 'config',
      embedded: options?.embedded?.map((source) => source.at) ?? [],
      ...(inForce.config.kubernetesVersion ? { kubernetesVersion: inForce.config.kubernetesVersion } : {}),
    });
    const contents = hover?.contents;
    return contents && typeof contents === 'object' && 'value' in contents ? contents.value : null;
  }

  /**
   * Completion in an editor's text as it is now (typing runs ahead of linting), with the rules, embedded paths and
   * Kubernetes version of the settings and policy linted last (the built-in rules before the first lint).
   */
  private complete(editor: EditorName, text: string, offset: number): PageCompletion[] {
    const run = this.last?.run;
    const document = documentOf(editor, text);
    const at = Math.max(0, Math.min(offset, text.length));
    const items = completionsAt(document, document.positionAt(at), {
      rules: run?.inForce?.rules ?? builtinRules,
      isConfigFile: editor === 'config',
      embedded: run?.options?.embedded?.map((source) => source.at) ?? [],
      ...(run?.inForce?.config.kubernetesVersion ? { kubernetesVersion: run.inForce.config.kubernetesVersion } : {}),
    });
    return items.map((item, index) => pageCompletion(document, at, item, index));
  }

  /** Signature help in an editor's text as it is now (a policy's CEL), in the Kubernetes version of the settings linted last. */
  private signature(editor: EditorName, text: string, offset: number): PageSignatureHelp | null {
    const document = documentOf(editor, text);
    const help = signatureHelpAt(document, document.positionAt(Math.max(0, Math.min(offset, text.length))), this.last?.run?.inForce?.config.kubernetesVersion);
    const active = help?.activeSignature ?? 0;
    const chosen = help?.signatures[active];
    if (!help || !chosen) return null;
    const parameter = chosen.parameters?.[help.activeParameter ?? 0]?.label;
    return { forms: help.signatures.map((signature) => signature.label), active, parameter: Array.isArray(parameter) ? parameter : null };
  }
}
