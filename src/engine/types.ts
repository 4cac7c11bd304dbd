/**
 * The rule model shared by built-in rules, the engine and (later) policy rules.
 * Rules are pure: they read a document's data and report data paths; the engine owns positions,
 * severities, directives, fixes and error isolation.
 */

export type Severity = 'error' | 'warning' | 'info';
export type SeveritySetting = Severity | 'off';
export type PathSegment = string | number;
export type DataPath = readonly PathSegment[];

export type ResourceKind = 'User' | 'Config';

/**
 * A rule's category is its id's prefix: for a built-in rule the folder it lives in under rules/ (`auth`,
 * `vault`), for a custom policy rule its namespace (`acme`). Derived here, never written in a rule's meta.
 */
export function ruleCategory(ruleId: string): string {
  const slash = ruleId.indexOf('/');
  return slash < 0 ? ruleId : ruleId.slice(0, slash);
}

/** Where a rule's knowledge comes from: the spec, upstream behaviour, or security policy. */
export type RuleSource = 'spec' | 'upstream' | 'security';

export interface MessageSpec {
  /** Template of one short sentence: what is wrong, with the value; `{{name}}` is replaced from the report's data. */
  text: string;
  /** Template of the explanation (why it matters, what to write instead), shown apart from the message. */
  note?: string;
  /** Default severity of this message when the rule's severity is not set explicitly. */
  severity?: Severity;
}

export interface RuleMeta {
  id: string;
  /** Starts with Require/Disallow/Limit/Warn… in the stylelint manner. */
  description: string;
  /** Default severity in the `recommended` preset; 'off' rules are only on in `strict`. */
  severity: SeveritySetting;
  sources: readonly RuleSource[];
  /** Kinds the rule applies to; absent means both. */
  kinds?: readonly ResourceKind[];
  fixable?: boolean;
  messages: Readonly<Record<string, string | MessageSpec>>;
  /** JSON Schema of the rule's options; the engine validates options, rules never do. */
  optionsSchema?: Record<string, unknown>;
  defaultOptions?: Readonly<Record<string, unknown>>;
  /** Diagnostics of this rule are produced by the engine itself (parser, schema pass), not by `check`. */
  reportedByEngine?: boolean;
  /** The rule judges an update against the previous version (`RuleDocument.old`); it runs only when there is one. */
  transition?: boolean;
  /**
   * Dotted data paths the rule reads (`status.vault`, `metadata`): the engine skips documents where none of them
   * has a value. Only for rules that report nothing when all of them are absent; absent means the rule reads all.
   */
  sections?: readonly string[];
  /**
   * Rules that state the same fact less precisely: where this rule reports a range, their diagnostics on the same
   * range are dropped, so one cause gives one diagnostic (an http issuer is auth/oidc-issuer's error, not also a
   * security/http-url warning). The rule's README names what it owns.
   */
  supersedes?: readonly string[];
}

/** A structural edit expressed on data paths; the engine turns it into text edits. */
export type FixOperation =
  | { op: 'remove'; path: DataPath }
  | { op: 'rename-key'; path: DataPath; to: string }
  | { op: 'set-scalar'; path: DataPath; value: string | number | boolean; quote?: boolean };

export interface Suggestion {
  description: string;
  fix: FixOperation;
}

export interface Report {
  messageId: string;
  /** Data path relative to the document the rule was given. */
  path: DataPath;
  /** Report at the key of the path (unknown fields, missing children) or at its value (default). */
  at?: 'key' | 'value';
  data?: Readonly<Record<string, string | number | boolean>>;
  /** A fix safe to apply automatically (`--fix`). */
  fix?: FixOperation;
  /** Edits an editor may offer but that are not safe to apply unattended. */
  suggestions?: readonly Suggestion[];
}

/** Facts about how a value was written in YAML, which the data alone cannot tell. */
export interface NodeFacts {
  /** The key has no value at all (`clientSecret:`), as opposed to an explicit `null`/`~`. */
  isEmpty(path: DataPath): boolean;
  /** The source text of a scalar and whether it was plain (unquoted), or undefined if not a scalar. */
  scalar(path: DataPath): { source: string; plain: boolean } | undefined;
}

/** An object of any API as a rule judging objects of every kind sees it (`Rule.checkObject`). */
export interface ObjectDocument {
  kind: string;
  apiVersion: string;
  /** The object's data as the platform's decoder sees it (YAML 1.1 scalars). */
  data: Readonly<Record<string, unknown>>;
  /** The previous version of the same object when the document is linted as an update (`diff`, `patch`, `--base`). */
  old?: Readonly<Record<string, unknown>>;
}

/** A User or Config, as the rules on the platform's kinds see it. */
export interface RuleDocument extends ObjectDocument {
  kind: ResourceKind;
}

export interface RuleContext {
  report(report: Report): void;
  options: Readonly<Record<string, unknown>>;
  facts: NodeFacts;
  /** True for the Config status parsed out of `spec.raw`. */
  fromRaw: boolean;
}

export interface Rule {
  meta: RuleMeta;
  check?(doc: RuleDocument, context: RuleContext): void;
  /**
   * Judges objects of any API, the platform's and others' (a Deployment), as they are written: a
   * ValidatingAdmissionPolicy, which matches objects by resource rules of its own. Never given the status parsed
   * out of a Config's `spec.raw` or an embedded configuration, which are no objects of their own.
   */
  checkObject?(doc: ObjectDocument, context: RuleContext): void;
  /** For a rule with `checkObject`: whether it judges objects of this apiVersion and kind at all. */
  judgesKind?(apiVersion: string, kind: string): boolean;
}

export interface TextEdit {
  /** 0-based offsets into the file, end exclusive. */
  start: number;
  end: number;
  text: string;
}

export interface Diagnostic {
  ruleId: string;
  severity: Severity;
  message: string;
  /** Why it matters and how to fix it; kept out of `message` so that stays one short sentence. */
  note?: string;
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
  /** JSON Pointer into the YAML document's data. */
  path: string;
  /** Index of the YAML document in the file. */
  document: number;
  /**
   * JSON Pointer of the embedded configuration (`.platlint.yaml` `embedded`) the diagnostic is in, such as
   * `/stringData/config`: with the file, what names the object a baseline entry or an exception is for.
   */
  embedded?: string;
  docsUrl?: string;
  /** With `lint --base`: whether the change introduced it (false: the old version had it too). */
  introduced?: boolean;
  fix?: { edits: TextEdit[] };
  suggestions?: { description: string; edits: TextEdit[] }[];
}

/** A diagnostic a baseline entry or an exception (`entry`: its index) keeps out of the report, with why. */
export interface SuppressedDiagnostic extends Diagnostic {
  by: 'baseline' | 'exception';
  /** The index of the baseline entry or exception that matched: how a run finds the ones that matched nothing. */
  entry: number;
  /** The exception's reason. */
  reason?: string;
  /** An exception's: the baseline entry that matched the problem too, which the exception took it over from. */
  overlaps?: number;
}

/** A document or list item that was not linted because it is not a platform object (src/engine/scope.ts). */
export interface SkippedObject {
  /** Index of the YAML document; absent when the whole file was skipped unparsed (templated YAML). */
  document?: number;
  /** 1-based line where the skipped object starts. */
  line: number;
  /** JSON Pointer of the object in its document: '' for the document itself, `/items/2` in a List. */
  path: string;
  reason: string;
}

/** A platform object linted in a file: what its problems are about, whatever line they are on. */
export interface LintedObject {
  document: number;
  /** JSON Pointer of the object in its document: '' for the document, `/items/2` in a List. */
  path: string;
  /** apiVersion, kind, namespace and name (src/change/objects.ts `identityOf`); absent when it has no name. */
  identity?: string;
}

export interface FileResult {
  file: string;
  diagnostics: Diagnostic[];
  /** What a baseline or exceptions suppressed; absent when nothing was. */
  suppressed?: SuppressedDiagnostic[];
  documents: number;
  /** Documents and list items skipped as not platform objects (= skips.length for a parsed file). */
  skipped: number;
  /** Why each skipped object, or the whole file, was not linted. */
  skips?: SkippedObject[];
  /** Nothing in the file was a platform object: it was skipped (templated, or every document someone else's). */
  skippedFile?: boolean;
  /** Source lines referenced by diagnostics, secrets masked, for code frames. */
  frameLines?: Map<number, string>;
  /** The fixed text, with `--fix-dry-run` (and for stdin with `--fix`). */
  output?: string;
  /** The platform objects linted, in file order, for formats that key problems by object (GitLab fingerprints). */
  objects?: LintedObject[];
  /** Set when the file could not be read at all (CI formats show it; the CLI also prints it to stderr). */
  ioError?: string;
}
