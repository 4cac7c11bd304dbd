/**
 * The messages between the playground's page and its Web Worker (./worker.ts): the page sends the texts to lint and
 * asks for fixes and hovers of what was linted last, and completions and signature help in an editor's text as it
 * is; the worker
 * answers each request by its id.
 */
import type { PlaygroundTexts } from '../browser/playground.js';
import type { Severity } from '../engine/types.js';

export type { PlaygroundTexts };

/** The page's three editors, by the text they hold. */
export type EditorName = keyof PlaygroundTexts;

/** A change of an editor's text, in UTF-16 offsets, as CodeMirror takes it. */
export interface OffsetEdit {
  from: number;
  to: number;
  insert: string;
}

export interface QuickFix {
  title: string;
  /** The rule's own fix, as `--fix` applies it (the others are suggestions, or a directive that disables the rule). */
  preferred: boolean;
  edits: OffsetEdit[];
}

export interface PageDiagnostic {
  editor: EditorName;
  from: number;
  to: number;
  line: number;
  column: number;
  severity: Severity;
  ruleId: string;
  message: string;
  note?: string;
  /** Its rule has a page on the site (a built-in rule); a policy's rule may have its own `docsUrl`. */
  builtin: boolean;
  docsUrl?: string;
  fixes: QuickFix[];
}

/** A completion the language server offers at the cursor, as CodeMirror shows and applies it. */
export interface PageCompletion {
  label: string;
  /** CodeMirror's name for what it is (its icon): `property`, `enum`, `function`, `method`, `variable`, `keyword`, `constant`, `text`. */
  type: string;
  detail?: string;
  /** Markdown, as hover's. */
  documentation?: string;
  /** The edit that applies it: what it replaces (`from` to `to`, UTF-16 offsets) and with what. */
  edit: OffsetEdit;
  /** Where it comes in the list, before CodeMirror's own ranking by what is typed. */
  sortText: string;
}

/** Signature help as the page shows it: every form of the call being written, the chosen one and its argument being written. */
export interface PageSignatureHelp {
  forms: string[];
  active: number;
  /** Where the argument being written is in the chosen form (UTF-16 offsets), when it has one there. */
  parameter: [number, number] | null;
}

export interface LintReply {
  /** What `platlint --format json` prints: the JSON tab. */
  stdout: string;
  stderr: string[];
  diagnostics: PageDiagnostic[];
  /** Fix all would change the manifest. */
  fixable: boolean;
}

export type Request =
  | { id: number; type: 'lint'; texts: PlaygroundTexts }
  | { id: number; type: 'fixAll' }
  | { id: number; type: 'hover'; editor: EditorName; offset: number }
  | { id: number; type: 'complete'; editor: EditorName; text: string; offset: number }
  | { id: number; type: 'signature'; editor: EditorName; text: string; offset: number };

export type Reply =
  | ({ id: number; type: 'lint' } & LintReply)
  | { id: number; type: 'fixAll'; edits: OffsetEdit[] }
  | { id: number; type: 'hover'; markdown: string | null }
  | { id: number; type: 'complete'; completions: PageCompletion[] }
  | { id: number; type: 'signature'; help: PageSignatureHelp | null }
  | { id: number; type: 'error'; message: string };

/** A starting example of the page's choice: the repository's examples and fixtures, built into the site. */
export interface PlaygroundExample {
  /** The choice's group: `Examples`, `Policies`, or the folder of fixtures/ it comes from. */
  group: string;
  /** Its path in the repository, which the choice shows. */
  label: string;
  texts: PlaygroundTexts;
}
