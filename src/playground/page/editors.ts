/**
 * The page's three CodeMirror 6 editors: YAML with its highlighting, line numbers, history, the lint gutter and
 * tooltips of the diagnostics the worker found (set from outside with `showDiagnostics`), hover on fields, and
 * completion and signature help as the language server offers them.
 */
import { autocompletion, pickedCompletion, type Completion, type CompletionContext, type CompletionResult } from '@codemirror/autocomplete';
import { defaultKeymap, history, historyKeymap, indentWithTab } from '@codemirror/commands';
import { yaml } from '@codemirror/lang-yaml';
import { bracketMatching, defaultHighlightStyle, indentOnInput, syntaxHighlighting } from '@codemirror/language';
import { lintGutter, lintKeymap, setDiagnostics, type Diagnostic as EditorDiagnostic } from '@codemirror/lint';
import { EditorState } from '@codemirror/state';
import { drawSelection, EditorView, highlightActiveLine, highlightActiveLineGutter, hoverTooltip, keymap, lineNumbers } from '@codemirror/view';
import type { EditorName, PageCompletion } from '../protocol.js';
import { renderMarkdown } from './markdown.js';
import { signatureHelp, type SignatureSource } from './signature-help.js';

export interface EditorSpec {
  name: EditorName;
  /** The editor's accessible name: the file it holds. */
  label: string;
  text: string;
  onChange(): void;
  /** Hover's Markdown at an offset, rendered by `render`; null for nothing to say. */
  hover(offset: number): Promise<HTMLElement | null>;
  /** The completions at an offset of the editor's text as it is. */
  complete(text: string, offset: number): Promise<PageCompletion[]>;
  /** Signature help at an offset of the editor's text as it is. */
  signatureHelp: SignatureSource;
}

/** The worker's completions as CodeMirror lists them: filtered by what is typed, in the server's order otherwise. */
function completionSource(spec: EditorSpec) {
  return async (context: CompletionContext): Promise<CompletionResult | null> => {
    const completions = await spec.complete(context.state.doc.toString(), context.pos);
    const [first] = completions;
    if (!first || context.aborted) return null;
    const ranked = [...completions].sort((a, b) => (a.sortText < b.sortText ? -1 : a.sortText > b.sortText ? 1 : 0));
    const options = ranked.map(
      (item, index): Completion => ({
        label: item.label,
        type: item.type,
        ...(item.detail === undefined ? {} : { detail: item.detail }),
        ...(item.documentation === undefined ? {} : { info: () => renderMarkdown(item.documentation ?? '') }),
        boost: Math.max(-99, 99 - index),
        // The server's edit, up to wherever the cursor is now: typing may have gone on while the list was open.
        apply: (view, completion, _from, to) =>
          view.dispatch({
            changes: { from: item.edit.from, to: Math.max(item.edit.to, to), insert: item.edit.insert },
            selection: { anchor: item.edit.from + item.edit.insert.length },
            annotations: pickedCompletion.of(completion),
            userEvent: 'input.complete',
          }),
      }),
    );
    // A word goes on being filtered by what is typed; a dot or a colon asks the server again.
    return { from: first.edit.from, options, validFor: /^\w*$/ };
  };
}

export function createEditor(parent: HTMLElement, spec: EditorSpec): EditorView {
  return new EditorView({
    parent,
    state: EditorState.create({
      doc: spec.text,
      extensions: [
        lineNumbers(),
        highlightActiveLineGutter(),
        history(),
        drawSelection(),
        indentOnInput(),
        bracketMatching(),
        highlightActiveLine(),
        syntaxHighlighting(defaultHighlightStyle, { fallback: true }),
        yaml(),
        lintGutter(),
        // Tab indents, as YAML needs; Escape then Tab leaves the editor (CodeMirror's own way out).
        keymap.of([...defaultKeymap, ...historyKeymap, ...lintKeymap, indentWithTab]),
        EditorView.contentAttributes.of({ 'aria-label': spec.label }),
        autocompletion({ override: [completionSource(spec)] }),
        signatureHelp(spec.signatureHelp),
        hoverTooltip(async (_view, pos) => {
          const content = await spec.hover(pos);
          return content ? { pos, above: true, create: () => ({ dom: content }) } : null;
        }),
        EditorView.updateListener.of((update) => {
          if (update.docChanged) spec.onChange();
        }),
      ],
    }),
  });
}

export function showDiagnostics(view: EditorView, diagnostics: readonly EditorDiagnostic[]): void {
  view.dispatch(setDiagnostics(view.state, diagnostics));
}

/** Replaces the editor's whole text, as one change its history can undo. */
export function replaceText(view: EditorView, text: string): void {
  view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: text } });
}
