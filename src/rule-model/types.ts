/**
 * The rule model shared by built-in rules, the engine, the YAML stages that report findings, and policy rules.
 * Rules are pure: they read a document's data and report data paths; the engine owns positions,
 * severities, directives, fixes and error isolation. It sits beside src/yaml/, below the engine, so that the
 * platform's decoder and the YAML directives can report findings without importing up.
 */

export type Severity = 'error' | 'warning' | 'info';
export type SeveritySetting = Severity | 'off';
import type { DataPath } from '../yaml/data-path.js';

export type { DataPath, PathSegment } from '../yaml/data-path.js';

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

/** A message: its text alone, or with a note and a severity of its own. */
export type MessageTemplate = string | MessageSpec;

/** A rule's messages by id. */
export type RuleMessages = Readonly<Record<string, MessageTemplate>>;

/** What a report's data fills a message's `{{name}}` placeholders with. */
export type DataValue = string | number | boolean;
export type MessageData = Readonly<Record<string, DataValue>>;

/** A rule's options, as the settings give them (validated against its optionsSchema) over its defaults. */
export type RuleOptions = Readonly<Record<string, unknown>>;

/**
 * The engine stages that report findings of their own (not through a rule's `check`): reading the YAML (bytes,
 * syntax, the platform's decoder), finding the objects, the schema pass, the rule runner, the inline directives,
 * the suppressions (baseline, exceptions), loading the settings file, `platlint patch`, loading policies, evaluating
 * them, and `policy test`.
 */
export type EngineStage = 'read' | 'extract' | 'schema' | 'runner' | 'directives' | 'suppressions' | 'settings' | 'patch' | 'policy-load' | 'policy-run' | 'policy-test';

/** The subset of JSON Schema a rule's options are declared in; their TypeScript type is read from it. */
export interface OptionsSchema {
  readonly type?: string;
  readonly properties?: Readonly<Record<string, OptionsSchema>>;
  readonly items?: OptionsSchema;
  /** The value an option has when the settings do not give it: the one place a default is written. */
  readonly default?: unknown;
  readonly [keyword: string]: unknown;
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
  /** JSON Schema of the rule's options, each with its `default`; the settings validate options, rules never do. */
  optionsSchema?: OptionsSchema;
  /**
   * The engine stages that report this rule's findings, for a rule with no `check` of its own (or more than it):
   * they report through its handle (`yamlSyntaxRule.finding('tab', …)`), and the schema pass runs only when one of
   * its rules is on.
   */
  stages?: readonly EngineStage[];
  /** Reported whatever the settings say (a rule that crashed must not pass for a clean file). */
  alwaysOn?: boolean;
  /** The rule reports fields the server sets on create: the `export` preset, for objects read back from it, turns it off. */
  serverSetFields?: boolean;
  /** The rule judges an update against the previous version (`RuleDocument.old`); it runs only when there is one. */
  transition?: boolean;
  /**
   * Dotted data paths the rule reads (`status.vault`, `metadata`): the engine skips documents where none of them
   * has a value. Only for rules that report nothing when all of them are absent; absent means the rule reads all.
   */
  sections?: readonly string[];
  /**
   * Rules that state the same fact less precisely: where this rule reports a value at a range, their diagnostics of
   * the same value at the same range are dropped, so one cause gives one diagnostic (an http issuer is
   * auth/oidc-issuer's error, not also a security/http-url warning). The rule's README names what it owns.
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

/** Where a report is, and what it offers to do about it. */
export interface ReportPlace {
  /** Data path relative to the document the rule was given. */
  path: DataPath;
  /** Report at the key of the path (unknown fields, missing children) or at its value (default). */
  at?: 'key' | 'value';
  /** A fix safe to apply automatically (`--fix`). */
  fix?: FixOperation;
  /** Edits an editor may offer but that are not safe to apply unattended. */
  suggestions?: readonly Suggestion[];
}

/** A report whatever the rule: any message id, any data. */
export interface Report extends ReportPlace {
  messageId: string;
  data?: MessageData;
}

/** A rule's message with the data it is reported with, before it is placed: what every producer hands the reporter. */
export interface RuleFinding {
  rule: Rule;
  messageId: string;
  data?: MessageData | undefined;
}

/** Where a finding is in the file, and what it offers. */
export interface Placement {
  /** File offsets, end exclusive. */
  range: readonly [number, number];
  /** JSON Pointer into the document's data. */
  pointer: string;
  document: number;
  fix?: Diagnostic['fix'];
  suggestions?: Diagnostic['suggestions'];
  /** Where inside decoded text the finding is, when its range can only be the encoded value (base64). */
  inside?: string;
  /** JSON Pointer of the embedded configuration the finding is in (Diagnostic.embedded). */
  embedded?: string;
}

/** What a producer hands the reporter: a rule's message with its data (`handle.finding(…)`), placed in the file. */
export type Finding = RuleFinding & Placement;

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

/**
 * What a rule's `check` is given besides the document. `M` and `O` are the rule's messages and options, so that a
 * handle made by `defineRule` reports only its own message ids, with the data their templates name.
 */
export interface RuleContext<M extends RuleMessages = RuleMessages, O = RuleOptions> {
  report(report: ReportOf<M>): void;
  options: O;
  facts: NodeFacts;
  /** True for the Config status parsed out of `spec.raw`. */
  fromRaw: boolean;
  /**
   * The rule could not check this document (a custom policy's expression failed on it): neither compliant nor in
   * violation. The file's result keeps it (`FileResult.failedChecks`), and the run reports each such rule once.
   */
  failed(failure: CheckFailure): void;
  /**
   * What rules keep while one file is linted, under a key of theirs: made by `init` on first use and dropped with
   * the file, so that nothing outlives it (the custom policies' documents converted for CEL, and how often each
   * policy spent its budget). Built-in rules keep nothing.
   */
  fileState<S>(key: object, init: () => S): S;
}

/** A document a rule could not check, as the rule says it (`RuleContext.failed`). */
export interface CheckFailure {
  /** The document, as a message names it: `User "jane-doe"`. */
  document: string;
  /** Where in the rule it failed: a custom policy's `expression` or `messageExpression`. */
  at: 'expression' | 'messageExpression';
  error: string;
  /** The rule was not run on the document: it had spent its budget on too many documents of the file already. */
  skipped?: boolean;
}

/** A rule as the engine runs it, whatever its messages: a built-in's handle (`defineRule`) or a custom policy's rule. */
export interface Rule {
  readonly meta: RuleMeta;
  readonly messages: RuleMessages;
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

/** The `{{name}}` placeholders of a template. */
type Placeholders<T extends string> = T extends `${string}{{${infer Name}}}${infer Rest}` ? Name | Placeholders<Rest> : never;
type NoteOf<T> = T extends { readonly note: infer Note } ? Note : never;
type TextsOf<T> = T extends string ? T : T extends { readonly text: infer Text } ? Text | NoteOf<T> : never;
type KeysOf<T> = Placeholders<TextsOf<T> & string>;
/** A template whose text the compiler does not know (a custom policy's): any data. */
export type IsOpen<T> = string extends TextsOf<T> ? true : false;
export type DataOf<T> = { readonly [K in KeysOf<T>]: DataValue };

/** The data a message takes: exactly its placeholders, none for a message without any. */
type DataField<T> = IsOpen<T> extends true ? { data?: MessageData } : [KeysOf<T>] extends [never] ? { data?: undefined } : { data: DataOf<T> };

/** The data arguments of `finding(messageId, ...)`: none for a message without placeholders. */
export type DataArgs<T> = IsOpen<T> extends true ? [data?: MessageData] : [KeysOf<T>] extends [never] ? [] : [data: DataOf<T>];

/** A report of one of the rule's messages, with the data its templates name. */
export type ReportOf<M extends RuleMessages> = { [K in keyof M & string]: { messageId: K } & DataField<M[K]> & ReportPlace }[keyof M & string];

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
