/**
 * The page's three CodeMirror 6 editors: YAML with its highlighting, line numbers, history, the lint gutter and
 * tooltips of the diagnostics the worker found (set from outside with `showDiagnostics`), and hover on fields.
 */
import { defaultKeymap, history, historyKeymap, indentWithTab } from '@codemirror/commands';
import { yaml } from '@codemirror/lang-yaml';
import { bracketMatching, defaultHighlightStyle, indentOnInput, syntaxHighlighting } from '@codemirror/language';
import { lintGutter, lintKeymap, setDiagnostics, type Diagnostic as EditorDiagnostic } from '@codemirror/lint';
import { EditorState } from '@codemirror/state';
import { drawSelection, EditorView, highlightActiveLine, highlightActiveLineGutter, hoverTooltip, keymap, lineNumbers } from '@codemirror/view';
import type { EditorName } from '../protocol.js';

export interface EditorSpec {
  name: EditorName;
  /** The editor's accessible name: the file it holds. */
  label: string;
  text: string;
  onChange(): void;
  /** Hover's Markdown at an offset, rendered by `render`; null for nothing to say. */
  hover(offset: number): Promise<HTMLElement | null>;
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
