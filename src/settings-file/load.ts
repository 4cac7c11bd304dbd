/**
 * The tool's own `.platlint.yaml`, read from its text: its YAML, its schema, each mistake at its line. Finding and
 * reading the file is the project layer's (src/project/config-file.ts), so that a browser build reads the text it
 * holds the same way.
 */
import { Ajv, type ErrorObject } from 'ajv';
import { parseDocument } from 'yaml';
import { locate } from '../yaml/locate.js';
import { nearest } from '../engine/suggest.js';
import { isCalendarDate } from '../formats/time.js';
import { readingProblems } from '../engine/reading-problems.js';
import { readYaml } from '../engine/read-yaml.js';
import { globProblem } from '../engine/globs.js';
import { isRecord } from '../platform/data.js';
import { shown } from '../engine/message-text.js';
import { configFileSchema } from './schema.js';
import type { TypedValue } from '../yaml/plain-data.js';
import { pointerTokens } from '../engine/locator.js';
import type { AdmissionSettings } from '../policy/vap/load.js';

export const CONFIG_FILE_NAMES = ['.platlint.yaml', '.platlint.yml'];

/** Whether a path names a config file (by its last segment, with either separator). */
export function isConfigFileName(path: string): boolean {
  return CONFIG_FILE_NAMES.includes(path.split(/[\\/]/).pop() ?? '');
}

export type SeverityWord = string | number;
export type RuleEntry = SeverityWord | [SeverityWord] | [SeverityWord, Record<string, unknown>];

/** An entry of `exceptions`: a deliberate, reviewed deviation (src/suppressions/exceptions.ts applies it). */
export interface ExceptionEntry {
  rules: string[];
  /** Globs relative to the configuration file's folder. */
  files?: string[];
  /** `Kind/name`, globs over the name. */
  objects?: string[];
  /** Data paths, dotted (`status.auth.password`) or JSON Pointers; a path covers what is under it. */
  paths?: string[];
  reason: string;
  /** `YYYY-MM-DD`: the last day the exception applies. */
  expires?: string;
}

export interface ConfigFile {
  /** Absolute path of the file; globs in it are relative to its directory. */
  path: string;
  extends?: string | string[];
  rules?: Record<string, RuleEntry>;
  ignore?: string[];
  policies?: string[];
  /** Rule ids or globs whose fixes are not applied, only suggested. */
  unfixable?: string[];
  /** The only rule ids or globs whose fixes are applied: the other rules' are only suggested. */
  fixable?: string[];
  /** The Kubernetes version whose CEL environment policies run in ("1.30"). */
  kubernetesVersion?: string;
  /** How ValidatingAdmissionPolicies see requests: the user, the authorizer's answers, kinds' resources. */
  admission?: AdmissionSettings;
  /** How `platlint policy export` writes ValidatingAdmissionPolicies: the API groups that hold Users besides the platform's. */
  export?: { groups?: string[] };
  overrides?: { files: string[]; extends?: string | string[]; rules?: Record<string, RuleEntry>; unfixable?: string[]; fixable?: string[] }[];
  /** Where the platform configuration is kept inside other files. */
  embedded?: { files: string[]; at: string | string[]; as?: 'Config' }[];
  /** Deliberate deviations, each with its reason. */
  exceptions?: ExceptionEntry[];
  /**
   * The settings files `extends` names, by their index in it, as the project layer read them
   * (src/project/config-file.ts); absent where no other file can be read (the playground).
   */
  bases?: ReadonlyMap<number, ConfigFile>;
  /** The file's text, for diagnostics placed in it (an expired exception). */
  text: string;
  /** `file:line:col` of a key in the file, for errors found after loading. */
  position(path: readonly (string | number)[]): string;
  /** The 1-based line and column of a key (or list item) in the file; 1:1 when it is not there. */
  locationOf(path: readonly (string | number)[]): { line: number; column: number };
  /**
   * Schema mistakes found on loading, one line each, in file order. The parts they concern are left out of the
   * data, so that the rest can still be checked and every mistake reported in one run.
   */
  problems: string[];
}

/** Configuration mistakes, each located in the config file: one line each on stderr, exit 2. */
export class ConfigError extends Error {
  readonly lines: readonly string[];

  constructor(
    lines: string | readonly string[],
    /** The settings files read (the project's, then those it extends): where the lines' places are. */
    readonly files: readonly string[] = [],
  ) {
    const list = typeof lines === 'string' ? [lines] : [...lines];
    super(list.join('\n'));
    this.lines = list;
  }
}

/** What only the project's own settings file may hold: its files' layout and its reviewed deviations. */
export const PROJECT_ONLY_KEYS = ['exceptions', 'embedded'] as const;

/** The file and every settings file it extends, each once, the file first, then each base as `extends` names it. */
export function settingsFiles(file: ConfigFile): ConfigFile[] {
  const out: ConfigFile[] = [];
  const visit = (f: ConfigFile): void => {
    if (out.includes(f)) return;
    out.push(f);
    for (const base of f.bases?.values() ?? []) visit(base);
  };
  visit(file);
  return out;
}

/** Each entry of a file's `extends`, with its index and its key path (`extends` alone when it is one name). */
export function extendsEntries(file: Pick<ConfigFile, 'extends'>): { entry: string; index: number; keyPath: (string | number)[] }[] {
  const named = file.extends;
  if (named === undefined) return [];
  return Array.isArray(named) ? named.map((entry, index) => ({ entry, index, keyPath: ['extends', index] })) : [{ entry: named, index: 0, keyPath: ['extends'] }];
}

/** Which of the settings files a mistake line (`/path/file:line:col: …`) is placed in: the longest path it starts with. */
export function fileOfMistake(line: string, files: readonly string[]): string | undefined {
  return files.filter((file) => line.startsWith(`${file}:`)).sort((a, b) => b.length - a.length)[0];
}

/** A setting of the whole run as the file gives it: its own, else the one of the last file it extends that has one. */
export function inheritedSetting<K extends 'kubernetesVersion' | 'admission' | 'export'>(file: ConfigFile, key: K): ConfigFile[K] {
  if (file[key] !== undefined) return file[key];
  let found: ConfigFile[K] = undefined;
  for (const base of file.bases?.values() ?? []) found = inheritedSetting(base, key) ?? found;
  return found;
}

let validator: ReturnType<Ajv['compile']> | undefined;

function suggestion(word: unknown, candidates: readonly unknown[]): string {
  return typeof word === 'string' ? nearest(word, candidates.map(String)) : '';
}

function describe(error: ErrorObject): string {
  const params = error.params as Record<string, unknown>;
  if (error.keyword === 'additionalProperties') {
    const key = String(params['additionalProperty']);
    const known = Object.keys((error.parentSchema as { properties?: Record<string, unknown> } | undefined)?.properties ?? {});
    return `unknown key "${key}"${suggestion(key, known)}`;
  }
  if (error.keyword === 'format' && params['format'] === 'date') return 'must be a date that exists, written YYYY-MM-DD';
  if (error.keyword === 'required') return `missing "${String(params['missingProperty'])}"`;
  if (error.keyword === 'enum') {
    const allowed = params['allowedValues'] as unknown[];
    // `kubernetesVersion: 1.30` is the number 1.3 in YAML: the version must be quoted.
    const quote = typeof error.data === 'number' && allowed.every((a) => typeof a === 'string') ? ` (write it quoted, "1.30": unquoted, ${String(error.data)} is a number)` : '';
    const orFile = error.instancePath.startsWith('/extends') ? ', or the path of a settings file (./shared.platlint.yaml)' : '';
    return `must be one of ${allowed.join(', ')}${orFile}${suggestion(error.data, allowed)}${quote}`;
  }
  return error.message ?? error.keyword;
}

/** A key path as mistakes name it: `rules.schema/type`, `overrides.0.files`, keys cut short. */
function fieldName(field: readonly (string | number)[]): string {
  return field.length ? field.map((s) => (typeof s === 'string' ? shown(s, 60) : s)).join('.') : '(top level)';
}

/** A piece of the settings file's schema, as far as saying what it takes needs. */
interface SchemaPart {
  type?: string;
  enum?: readonly unknown[];
  anyOf?: readonly SchemaPart[];
  properties?: Readonly<Record<string, SchemaPart>>;
  additionalProperties?: SchemaPart | boolean;
  items?: SchemaPart | readonly SchemaPart[];
}

/** The part of the schema for the value at a key path; undefined where the schema has no place for it. */
function schemaAt(part: SchemaPart | undefined, keyPath: readonly (string | number)[]): SchemaPart | undefined {
  const step = (at: SchemaPart, segment: string | number): SchemaPart | undefined => {
    if (at.anyOf) return at.anyOf.map((branch) => step(branch, segment)).find(Boolean);
    if (typeof segment === 'number') return Array.isArray(at.items) ? (at.items as readonly SchemaPart[])[segment] : (at.items as SchemaPart | undefined);
    return at.properties?.[segment] ?? (typeof at.additionalProperties === 'object' ? at.additionalProperties : undefined);
  };
  return keyPath.reduce<SchemaPart | undefined>((at, segment) => (at ? step(at, segment) : undefined), part);
}

/** What a schema part takes, in words: "a mapping", "a list", "one of off, info, …". */
function inWords(part: SchemaPart): string {
  if (part.anyOf) return [...new Set(part.anyOf.map(inWords))].join(' or ');
  if (part.enum) return `one of ${part.enum.join(', ')}`;
  return part.type === 'object' ? 'a mapping' : part.type === 'array' ? 'a list' : `a ${part.type ?? 'value'}`;
}

/**
 * A value of a YAML 1.1 type (`!!binary`, `!!timestamp`, `!!set`, `!!omap`) in the settings file: none is a setting,
 * whatever it holds. Says what the key takes instead, where the schema knows the key.
 */
function notAllowed({ tag, path: keyPath, key }: TypedValue): string {
  if (key) return `${tag} is not allowed on a key; write the key without a tag`;
  const part = schemaAt(configFileSchema as SchemaPart, keyPath);
  return `${tag} is not allowed here${part ? `; write ${inWords(part)}` : ''}`;
}

/** Which errors to show: per data path the most telling one (an anyOf reports its branches and itself). */
function mostSpecific(errors: readonly ErrorObject[]): ErrorObject[] {
  const rank = (e: ErrorObject): number => (e.keyword === 'anyOf' ? 0 : e.keyword === 'type' ? 1 : 2);
  const byPath = new Map<string, ErrorObject>();
  for (const error of errors) {
    const key = error.keyword === 'additionalProperties' ? `${error.instancePath}/${String((error.params as Record<string, unknown>)['additionalProperty'])}` : error.instancePath;
    const previous = byPath.get(key);
    if (!previous || rank(error) > rank(previous)) byPath.set(key, error);
  }
  // A deeper error explains the failed anyOf branches on its way (extends: [recomended] fails at extends.0, and
  // extends also fails as a single preset name).
  const paths = [...byPath.keys()];
  return [...byPath.entries()].filter(([path]) => !paths.some((other) => other.startsWith(`${path}/`))).map(([, error]) => error);
}

/** Leaves out what a mistake concerns: a rule entry, an override (kept in place, matching nothing) or a whole key. */
function dropInvalid(data: Record<string, unknown>, segments: readonly (string | number)[]): void {
  const [top, second] = segments;
  if (typeof top !== 'string') return;
  const value = data[top];
  if (top === 'rules' && second !== undefined && typeof value === 'object' && value !== null && !Array.isArray(value)) {
    delete (value as Record<string, unknown>)[String(second)];
  } else if ((top === 'overrides' || top === 'embedded') && typeof second === 'number' && Array.isArray(value)) {
    value[second] = top === 'embedded' ? { files: [], at: [] } : { files: [] };
  } else {
    delete data[top];
  }
}

/**
 * Every glob of the file, with its key path: `ignore`, the `files` of overrides, embedded entries and exceptions, an
 * exception's `rules` and `objects`, `unfixable`, `fixable`, and the keys of `rules` (rule ids or globs over them), which are
 * checked before the glob matcher compiles them.
 */
function globsOf(data: Record<string, unknown>): { keyPath: (string | number)[]; glob: string; isKey: boolean }[] {
  const out: { keyPath: (string | number)[]; glob: string; isKey: boolean }[] = [];
  const list = (keyPath: (string | number)[], value: unknown): void => {
    if (Array.isArray(value)) value.forEach((glob, i) => typeof glob === 'string' && out.push({ keyPath: [...keyPath, i], glob, isKey: false }));
  };
  const ruleKeys = (keyPath: (string | number)[], value: unknown): void => {
    if (isRecord(value)) for (const id of Object.keys(value)) out.push({ keyPath: [...keyPath, id], glob: id, isKey: true });
  };
  const entries = (key: string): Record<string, unknown>[] => (Array.isArray(data[key]) ? (data[key] as unknown[]).filter(isRecord) : []);
  list(['ignore'], data['ignore']);
  ruleKeys(['rules'], data['rules']);
  list(['unfixable'], data['unfixable']);
  list(['fixable'], data['fixable']);
  entries('overrides').forEach((entry, i) => {
    list(['overrides', i, 'files'], entry['files']);
    ruleKeys(['overrides', i, 'rules'], entry['rules']);
    list(['overrides', i, 'unfixable'], entry['unfixable']);
    list(['overrides', i, 'fixable'], entry['fixable']);
  });
  entries('embedded').forEach((entry, i) => list(['embedded', i, 'files'], entry['files']));
  entries('exceptions').forEach((entry, i) => {
    for (const key of ['rules', 'files', 'objects']) list(['exceptions', i, key], entry[key]);
  });
  return out;
}

/** Reads the config file at `path` (absolute) from its text. */
export function loadConfigFile(path: string, text: string): ConfigFile {
  // Read with the engine's reader, in YAML 1.2: a syntax error is said as in any file, at its line.
  const read = readYaml(text, { plain: true });
  const { lineCounter } = read.parsed;
  const at = (offset: number): string => {
    const { line, col } = lineCounter.linePos(offset);
    return `${path}:${line}:${col}`;
  };
  const syntax = readingProblems(read);
  if (syntax.length) throw new ConfigError(syntax.map((d) => `${path}:${d.line}:${d.column}: ${d.message}`));
  const [document, second] = read.documents;
  if (second) throw new ConfigError(`${at(second.range[0])}: invalid YAML: a config file holds one document`);
  const doc = document?.doc ?? parseDocument('');
  const raw = document?.data ?? {};
  const typed = document?.typed ?? [];
  // A value the reader could not hold as plain data, or a key of the top mapping: nothing of the file can be trusted.
  const typedTop = typed.find((t) => t.path.length === 0);
  if (typedTop) throw new ConfigError(`${at(typedTop.range[0])}: (top level): ${notAllowed(typedTop)}`);
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    throw new ConfigError(`${path}:1:1: (top level): must be a mapping of extends, rules, ignore, policies, overrides and exceptions`);
  }
  // `rules:` followed only by commented-out entries is null: read it as "nothing set", as people mean it.
  const data: Record<string, unknown> = Object.fromEntries(Object.entries(raw).filter(([, v]) => v !== null));
  validator ??= new Ajv({ allErrors: true, strict: false, verbose: true }).addFormat('date', isCalendarDate).compile(configFileSchema);
  const found: { offset: number; line: string }[] = [];
  /**
   * A mistake about the value at a key path (at the key when the path is not there in full), or about the key
   * itself. The field it names is the path's own (`field`, shorter for an unknown key), its keys cut short.
   */
  const mistake = (segments: readonly (string | number)[], field: readonly (string | number)[], about: 'key' | 'value', message: string): void => {
    const spot = locate(doc, doc.contents, segments);
    const node = about === 'key' || !spot.complete ? (spot.key ?? spot.value) : (spot.value ?? spot.key);
    const offset = node?.range?.[0] ?? 0;
    found.push({ offset, line: `${node?.range ? at(offset) : `${path}:1:1`}: ${fieldName(field)}: ${message}` });
  };
  for (const value of typed) found.push({ offset: value.range[0], line: `${at(value.range[0])}: ${fieldName(value.path)}: ${notAllowed(value)}` });
  // A typed value is null in the data (a key, some string): what the schema says of it there would be a second line.
  const byTyped = (keyPath: readonly (string | number)[]): boolean => typed.some((t) => t.path.every((s, i) => keyPath[i] === s));
  if (!validator(data)) {
    const invalid: (string | number)[][] = [];
    for (const error of mostSpecific(validator.errors ?? [])) {
      const keyPath = pointerTokens(error.instancePath);
      const segments: (string | number)[] = keyPath.map((s) => (/^\d+$/.test(s) ? Number(s) : s));
      // An unknown key is reported at the key itself.
      const unknownKey = error.keyword === 'additionalProperties';
      if (unknownKey) segments.push(String((error.params as Record<string, unknown>)['additionalProperty']));
      if (!byTyped(segments)) mistake(segments, keyPath, unknownKey ? 'key' : 'value', describe(error));
      invalid.push(segments);
    }
    for (const segments of invalid) dropInvalid(data, segments);
  }
  for (const { path: keyPath } of typed) dropInvalid(data, keyPath);
  // What the schema let through is checked as the glob matcher will compile it; a glob it would refuse is left out too.
  for (const { keyPath, glob, isKey } of globsOf(data)) {
    const problem = globProblem(glob);
    if (problem === undefined) continue;
    mistake(keyPath, keyPath, isKey ? 'key' : 'value', problem);
    dropInvalid(data, keyPath);
  }
  const locationOf = (keyPath: readonly (string | number)[]): { line: number; column: number } => {
    const found = locate(doc, doc.contents, keyPath);
    const node = found.key ?? found.value;
    if (!node?.range) return { line: 1, column: 1 };
    const { line, col } = lineCounter.linePos(node.range[0]);
    return { line, column: col };
  };
  const position = (keyPath: readonly (string | number)[]): string => {
    const { line, column } = locationOf(keyPath);
    return `${path}:${line}:${column}`;
  };
  const problems = found.sort((a, b) => a.offset - b.offset).map((f) => f.line);
  return { ...(data as Omit<ConfigFile, 'path' | 'position' | 'locationOf' | 'problems' | 'text'>), path, text, position, locationOf, problems };
}
