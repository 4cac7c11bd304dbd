/**
 * The playground page (the docs site's /playground/): three editors (the manifest `playground.yaml`, the settings
 * `.platlint.yaml`, a policy `policy.yaml`), linted by the engine in a Web Worker a moment after the last keystroke;
 * the diagnostics underlined in place and listed beside them, with their quick fixes and fix all; the report
 * `platlint --format json` prints in the JSON tab; a Share link holding the texts in its fragment; the repository's
 * examples and fixtures to start from. Nothing is sent anywhere: the page's only requests are its own files.
 */
import type { EditorView } from '@codemirror/view';
import examples from 'virtual:platlint-playground-examples';
import { CONFIG_FILE, MANIFEST_FILE, POLICY_FILE } from '../../browser/playground-files.js';
import type { EditorName, LintReply, PageDiagnostic, PlaygroundTexts } from '../protocol.js';
import { countsText, diagnosticList, editorDiagnostic } from './diagnostics.js';
import { element } from './dom.js';
import { createEditor, replaceText, showDiagnostics } from './editors.js';
import { renderMarkdown } from './markdown.js';
import { shareFragment, textsOfFragment } from './share.js';
import { createTabs } from './tabs.js';
import { WorkerClient } from './worker-client.js';

/** How long the page waits after a keystroke before it lints: typing a word costs one lint. */
export const DEBOUNCE_MS = 200;
/** The name of the Performance API's measure of each lint, from the debounce to the diagnostics shown (npm run bench:playground). */
export const LINT_MEASURE = 'platlint:lint';

const FILES: Readonly<Record<EditorName, string>> = { manifest: MANIFEST_FILE, config: CONFIG_FILE, policy: POLICY_FILE };
const EDITORS = Object.keys(FILES) as EditorName[];

export interface PlaygroundOptions {
  /** The site's page of a built-in rule. */
  rulePage(ruleId: string): string;
}

function button(text: string, className: string): HTMLButtonElement {
  const node = element('button', className, text);
  node.type = 'button';
  return node;
}

function exampleChoice(): HTMLSelectElement {
  const select = element('select', 'playground-examples');
  select.id = 'playground-example';
  select.append(Object.assign(document.createElement('option'), { value: '', textContent: 'Your own texts' }));
  const groups = new Map<string, HTMLOptGroupElement>();
  examples.forEach((example, index) => {
    let group = groups.get(example.group);
    if (!group) {
      group = Object.assign(document.createElement('optgroup'), { label: example.group });
      groups.set(example.group, group);
      select.append(group);
    }
    group.append(Object.assign(document.createElement('option'), { value: String(index), textContent: example.label }));
  });
  return select;
}

/** Builds the playground in `root`; returns what stops it (the worker, the listeners). */
export function mountPlayground(root: HTMLElement, options: PlaygroundOptions): () => void {
  const client = new WorkerClient();
  const status = element('p', 'playground-status', 'Loading the linter…');
  status.setAttribute('role', 'status');
  const select = exampleChoice();
  const selectLabel = element('label', 'playground-label', 'Example');
  selectLabel.htmlFor = select.id;
  const fixAll = button('Fix all', 'playground-button');
  fixAll.disabled = true;
  const share = button('Share', 'playground-button');
  const shareLink = element('input', 'playground-share-link');
  shareLink.readOnly = true;
  shareLink.hidden = true;
  shareLink.setAttribute('aria-label', 'Share link');
  const toolbar = element('div', 'playground-toolbar');
  toolbar.append(selectLabel, select, fixAll, share, shareLink);

  const problems = element('div', 'playground-problems');
  const json = element('pre', 'playground-json');
  const stderr = element('pre', 'playground-stderr');
  stderr.hidden = true;
  const jsonPanel = element('div', 'playground-json-panel');
  jsonPanel.append(json, stderr);
  const results = createTabs('Results', [
    { id: 'playground-problems', label: 'Problems', panel: problems },
    { id: 'playground-json', label: 'JSON', panel: jsonPanel },
  ]);
  results.classList.add('playground-results');

  let generation = 0;
  let linted = -1;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let current: LintReply | undefined;
  const views = {} as Record<EditorName, EditorView>;
  const panels = EDITORS.map((name) => ({ id: `playground-${name}`, label: FILES[name], panel: element('div', 'playground-editor') }));
  const editorTabs = createTabs('Files', panels);
  editorTabs.classList.add('playground-files');
  const texts = (): PlaygroundTexts => ({ manifest: views.manifest.state.doc.toString(), config: views.config.state.doc.toString(), policy: views.policy.state.doc.toString() });
  const setBusy = (busy: boolean): void => {
    results.setAttribute('aria-busy', String(busy));
    fixAll.disabled = busy || !current?.fixable;
  };
  const ruleLink = (d: PageDiagnostic): string | undefined => (d.builtin ? options.rulePage(d.ruleId) : d.docsUrl !== undefined && /^https?:\/\//.test(d.docsUrl) ? d.docsUrl : undefined);
  const reveal = (editor: EditorName, from: number, to: number): void => {
    document.getElementById(`playground-${editor}-tab`)?.click();
    views[editor].dispatch({ selection: { anchor: from, head: to }, scrollIntoView: true });
    views[editor].focus();
  };

  const show = (reply: LintReply): void => {
    current = reply;
    for (const name of EDITORS) showDiagnostics(views[name], reply.diagnostics.filter((d) => d.editor === name).map((d) => editorDiagnostic(d, ruleLink)));
    problems.replaceChildren(diagnosticList(reply.diagnostics, ruleLink, reveal, (editor) => FILES[editor]));
    json.textContent = reply.stdout;
    stderr.textContent = reply.stderr.join('\n');
    stderr.hidden = reply.stderr.length === 0;
    status.textContent = reply.stdout === '' ? `platlint stops at its settings: ${countsText(reply.diagnostics)}` : countsText(reply.diagnostics);
  };

  const lint = async (): Promise<void> => {
    const asked = generation;
    const started = performance.now();
    try {
      const reply = await client.lint(texts());
      // Typing went on meanwhile: its own lint is coming, and these offsets are of an older text.
      if (asked !== generation) return;
      linted = asked;
      show(reply);
      setBusy(false);
      performance.measure(LINT_MEASURE, { start: started, end: performance.now() });
    } catch (error) {
      status.textContent = error instanceof Error ? error.message : String(error);
    }
  };
  const changed = (): void => {
    generation++;
    setBusy(true);
    clearTimeout(timer);
    timer = setTimeout(() => void lint(), DEBOUNCE_MS);
  };
  const hover = async (name: EditorName, offset: number): Promise<HTMLElement | null> => {
    const asked = generation;
    if (linted !== asked) return null;
    const markdown = await client.hover(name, offset);
    return markdown !== null && asked === generation ? renderMarkdown(markdown) : null;
  };
  panels.forEach(({ panel }, i) => {
    const name = EDITORS[i] as EditorName;
    views[name] = createEditor(panel, {
      name,
      label: FILES[name],
      text: '',
      onChange: changed,
      hover: (offset) => hover(name, offset),
      complete: (text, offset) => client.complete(name, text, offset),
      signatureHelp: (text, offset) => client.signatureHelp(name, text, offset),
    });
  });

  const load = (next: PlaygroundTexts): void => {
    for (const name of EDITORS) if (views[name].state.doc.toString() !== next[name]) replaceText(views[name], next[name]);
    // The same texts again still get their report shown, as a new choice expects.
    changed();
  };
  const loadFragment = async (): Promise<boolean> => {
    const shared = await textsOfFragment(location.hash);
    if (shared instanceof Error) status.textContent = shared.message;
    else if (shared) {
      select.value = '';
      load(shared);
      return true;
    }
    return false;
  };

  select.addEventListener('change', () => {
    const example = examples[Number(select.value)];
    if (select.value !== '' && example) load(example.texts);
  });
  fixAll.addEventListener('click', () => {
    const asked = generation;
    setBusy(true);
    void client.fixAll().then(
      (edits) => {
        if (asked !== generation) return;
        if (edits.length > 0) views.manifest.dispatch({ changes: edits, userEvent: 'input.fixall' });
        else setBusy(false);
      },
      (error: unknown) => {
        status.textContent = error instanceof Error ? error.message : String(error);
        if (asked === generation) setBusy(false);
      },
    );
  });
  share.addEventListener('click', () => {
    shareLink.hidden = true;
    void shareFragment(texts()).then(async (fragment) => {
      history.replaceState(null, '', fragment);
      shareLink.value = location.href;
      shareLink.hidden = false;
      shareLink.select();
      try {
        await navigator.clipboard.writeText(location.href);
        status.textContent = 'The link is copied: it holds the three texts, which stay in your browser.';
      } catch {
        status.textContent = 'Copy the link beside the button: it holds the three texts, which stay in your browser.';
      }
    });
  });
  const onHashChange = (): void => void loadFragment();
  window.addEventListener('hashchange', onHashChange);

  const columns = element('div', 'playground-columns');
  columns.append(editorTabs, results);
  root.replaceChildren(toolbar, status, columns);
  void loadFragment().then((loaded) => {
    if (loaded) return;
    select.value = examples.length > 0 ? '0' : '';
    load(examples[0]?.texts ?? { manifest: '', config: '', policy: '' });
  });

  return () => {
    clearTimeout(timer);
    window.removeEventListener('hashchange', onHashChange);
    for (const name of EDITORS) views[name].destroy();
    client.stop();
  };
}
