import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { Ajv, ErrorObject } from 'ajv';
import { LineCounter, parseDocument } from 'yaml';
import { createAjv } from '../schema/ajv.js';
import { locate } from '../yaml/locate.js';
import { configFileSchema } from './schema.js';

export const CONFIG_FILE_NAMES = ['.platlint.yaml', '.platlint.yml'];

export type SeverityWord = string | number;
export type RuleEntry = SeverityWord | [SeverityWord] | [SeverityWord, Record<string, unknown>];

export interface ConfigFile {
  /** Absolute path of the file; globs in it are relative to its directory. */
  path: string;
  extends?: string | string[];
  rules?: Record<string, RuleEntry>;
  ignore?: string[];
  policies?: string[];
  overrides?: { files: string[]; extends?: string | string[]; rules?: Record<string, RuleEntry> }[];
  /** `file:line:col` of a key in the file, for errors found after loading. */
  position(path: readonly (string | number)[]): string;
}

/** A configuration mistake, located in the config file, for a one-line error and exit 2. */
export class ConfigError extends Error {}

/** The nearest `.platlint.yaml` from a directory upward. */
export function findConfigFile(startDir: string): string | undefined {
  let dir = resolve(startDir);
  for (;;) {
    for (const name of CONFIG_FILE_NAMES) {
      const candidate = join(dir, name);
      if (existsSync(candidate)) return candidate;
    }
    const parent = dirname(dir);
    if (parent === dir) return undefined;
    dir = parent;
  }
}

let validator: ReturnType<Ajv['compile']> | undefined;

function describe(error: ErrorObject): string {
  const params = error.params as Record<string, unknown>;
  if (error.keyword === 'additionalProperties') return `unknown key "${String(params['additionalProperty'])}"`;
  if (error.keyword === 'required') return `missing "${String(params['missingProperty'])}"`;
  if (error.keyword === 'enum') return `must be one of ${(params['allowedValues'] as unknown[]).join(', ')}`;
  return error.message ?? error.keyword;
}

/** Loads a config file; `text`, when given, is its content (an editor's unsaved buffer) instead of the disk's. */
export function loadConfigFile(path: string, text?: string): ConfigFile {
  if (text === undefined) {
    try {
      text = readFileSync(path, 'utf8');
    } catch (error) {
      throw new ConfigError(`cannot read config file ${path}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
    }
  }
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, prettyErrors: false });
  const at = (offset: number): string => {
    const { line, col } = lineCounter.linePos(offset);
    return `${path}:${line}:${col}`;
  };
  const firstError = doc.errors[0];
  if (firstError) throw new ConfigError(`${at(firstError.pos[0])}: invalid YAML: ${firstError.message.split('\n')[0]}`);
  const raw: unknown = doc.toJS() ?? {};
  // `rules:` followed only by commented-out entries is null: read it as "nothing set", as people mean it.
  const data = typeof raw === 'object' && raw !== null && !Array.isArray(raw) ? Object.fromEntries(Object.entries(raw).filter(([, v]) => v !== null)) : raw;
  validator ??= createAjv({ allErrors: true, strict: false }).compile(configFileSchema);
  if (!validator(data)) {
    // anyOf failures come with their branches' errors; the most specific one is the deepest.
    const errors = [...(validator.errors ?? [])].sort((a, b) => b.instancePath.length - a.instancePath.length);
    const error = errors.find((e) => e.keyword !== 'anyOf') ?? errors[0];
    if (error) {
      const path = error.instancePath.split('/').slice(1).map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
      const segments = path.map((s) => (/^\d+$/.test(s) ? Number(s) : s));
      const found = locate(doc, doc.contents, segments);
      const node = found.complete ? (found.value ?? found.key) : found.key ?? found.value;
      const where = node?.range ? at(node.range[0]) : `${path}:1:1`;
      const field = path.length ? path.join('.') : '(top level)';
      throw new ConfigError(`${where}: ${field}: ${describe(error)}`);
    }
  }
  const position = (keyPath: readonly (string | number)[]): string => {
    const found = locate(doc, doc.contents, keyPath);
    const node = found.key ?? found.value;
    return node?.range ? at(node.range[0]) : `${path}:1:1`;
  };
  return { ...(data as Omit<ConfigFile, 'path' | 'position'>), path, position };
}
