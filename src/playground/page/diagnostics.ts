/**
 * The worker's diagnostics as the page shows them: underlined in their editor (a CodeMirror lint diagnostic whose
 * tooltip holds the message, the rule's link, the note and the quick fixes) and as a list beside the editors.
 */
import type { Diagnostic as EditorDiagnostic } from '@codemirror/lint';
import type { EditorView } from '@codemirror/view';
import type { EditorName, PageDiagnostic, QuickFix } from '../protocol.js';
import { element } from './dom.js';

/** Where a diagnostic's rule is explained: the site's page of a built-in rule, a policy rule's own `docsUrl`. */
export type RuleLink = (diagnostic: PageDiagnostic) => string | undefined;

/** The rule id, as a link to its page when it has one. */
function ruleElement(diagnostic: PageDiagnostic, ruleLink: RuleLink): HTMLElement {
  const href = ruleLink(diagnostic);
  if (href === undefined) return element('code', 'playground-rule', diagnostic.ruleId);
  const link = element('a', 'playground-rule', diagnostic.ruleId);
  link.href = href;
  if (!href.startsWith('/')) link.rel = 'noopener';
  return link;
}

/** The message, then the rule and the note: what the tooltip and the list both say. */
function describe(diagnostic: PageDiagnostic, ruleLink: RuleLink): HTMLElement {
  const root = element('div', 'playground-diagnostic');
  root.append(element('span', 'playground-message', diagnostic.message), ' ', ruleElement(diagnostic, ruleLink));
  if (diagnostic.note !== undefined) root.append(element('span', 'playground-note', diagnostic.note));
  return root;
}

function applyFix(view: EditorView, fix: QuickFix): void {
  view.dispatch({ changes: fix.edits.map(({ from, to, insert }) => ({ from, to, insert })), userEvent: 'input.quickfix' });
}

/** In CodeMirror's terms: offsets in the text the worker linted, which the page shows only while it is unchanged. */
export function editorDiagnostic(diagnostic: PageDiagnostic, ruleLink: RuleLink): EditorDiagnostic {
  return {
    from: diagnostic.from,
    to: diagnostic.to,
    severity: diagnostic.severity,
    source: diagnostic.ruleId,
    message: diagnostic.message,
    renderMessage: () => describe(diagnostic, ruleLink),
    actions: diagnostic.fixes.map((fix) => ({ name: fix.title, apply: (view) => applyFix(view, fix) })),
  };
}

/** The list beside the editors: one item a diagnostic, in the editors' order; choosing one selects its place. */
export function diagnosticList(diagnostics: readonly PageDiagnostic[], ruleLink: RuleLink, reveal: (editor: EditorName, from: number, to: number) => void, fileOf: (editor: EditorName) => string): HTMLElement {
  if (diagnostics.length === 0) return element('p', 'playground-none', 'No problems.');
  const list = element('ul', 'playground-list');
  for (const diagnostic of diagnostics) {
    const item = element('li', 'playground-item');
    const place = element('button', 'playground-place', `${fileOf(diagnostic.editor)}:${diagnostic.line}:${diagnostic.column}`);
    place.type = 'button';
    place.setAttribute('aria-label', `${diagnostic.severity} at ${fileOf(diagnostic.editor)} line ${diagnostic.line}, column ${diagnostic.column}: show it`);
    place.addEventListener('click', () => reveal(diagnostic.editor, diagnostic.from, diagnostic.to));
    item.append(place, ' ', element('span', `diagnostic-severity severity-${diagnostic.severity}`, diagnostic.severity), ' ', describe(diagnostic, ruleLink));
    list.append(item);
  }
  return list;
}

/** `2 errors, 1 warning`: the status line's summary. */
export function countsText(diagnostics: readonly PageDiagnostic[]): string {
  if (diagnostics.length === 0) return 'No problems';
  const counts = (['error', 'warning', 'info'] as const).map((severity) => [severity, diagnostics.filter((d) => d.severity === severity).length] as const);
  return counts
    .filter(([, n]) => n > 0)
    .map(([severity, n]) => `${n} ${severity === 'info' ? 'info' : n === 1 ? severity : `${severity}s`}`)
    .join(', ');
}
