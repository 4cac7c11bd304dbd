/**
 * `platlint patch BASE PATCH`: the patch's own problems in PATCH; then the patched object, linted with every rule as
 * an update of BASE, with each diagnostic placed where the offending value was written: inside the `value` of the
 * operation that wrote it (or at its `path`, for a key it added), otherwise in BASE.
 */
import { isMap, isScalar, isSeq, stringify, type Node } from 'yaml';
import type { NodeSpace, OffsetRange } from '../engine/node-space.js';
import { DiagnosticSink, type Finding } from '../engine/diagnostics.js';
import { lintText, type LintOptions } from '../engine/lint.js';
import { PositionLocator, toPointer } from '../engine/locator.js';
import { collectSecrets, isSecretKey, type SecretMap } from '../engine/secrets.js';
import { isRuleEnabled } from '../engine/settings.js';
import type { DataPath, Diagnostic, FileResult, PathSegment } from '../engine/types.js';
import { isRecord } from '../platform/data.js';
import { isServerOwnedField } from '../platform/server-fields.js';
import { MAX_NESTING, parseYaml, type ParsedYaml } from '../yaml/parse.js';
import { locate } from '../yaml/locate.js';
import { applyOperations, originOf, type Shadow } from './apply.js';
import { checkOperations, type PatchOperation, type PatchProblem } from './operations.js';
import { parsePointer } from './pointer.js';
import { goDecode } from '../yaml/go-decode.js';

export class PatchInputError extends Error {}

export interface PatchFile {
  file: string;
  text: string;
}

/** A parsed file holding exactly one YAML (or JSON) document. */
interface OneDocument {
  file: string;
  parsed: ParsedYaml;
  space: NodeSpace;
  data: unknown;
}

function isPlatformObject(data: unknown): data is Record<string, unknown> {
  return isRecord(data) && typeof data['apiVersion'] === 'string' && data['apiVersion'].startsWith('management.platform/') && (data['kind'] === 'User' || data['kind'] === 'Config');
}

/** A YAML syntax error in BASE or PATCH, reported as the `yaml/syntax` rule's `syntax` message. */
interface SyntaxProblem {
  range: OffsetRange;
  detail: string;
}

/** A file that does not parse, with its syntax errors. */
interface Unparsed {
  file: string;
  parsed: ParsedYaml;
  errors: SyntaxProblem[];
}

/** Parses one file; YAML errors come back as `yaml/syntax` problems at their place, other trouble as an exception. */
function readOneDocument(input: PatchFile, role: string): OneDocument | Unparsed {
  let parsed: ParsedYaml;
  try {
    parsed = parseYaml(input.text);
  } catch (error) {
    throw new PatchInputError(`${input.file}: the ${role} cannot be parsed (${(error as Error).message})`);
  }
  if (parsed.tooDeep) {
    const at = parsed.tooDeep.offset;
    return { file: input.file, parsed, errors: [{ range: [at, at + 1], detail: `lists and mappings nest deeper than ${MAX_NESTING} levels from here, the most platlint reads` }] };
  }
  const documents = parsed.documents.filter((doc) => doc.contents !== null);
  const errors = parsed.documents.flatMap((doc) => doc.errors).map((e): SyntaxProblem => ({ range: [e.pos[0], Math.max(e.pos[1], e.pos[0] + 1)], detail: e.message.split('\n')[0] ?? e.code }));
  if (errors.length) return { file: input.file, parsed, errors };
  if (documents.length !== 1) throw new PatchInputError(`${input.file}: the ${role} must be one document, not ${documents.length}`);
  const doc = documents[0] as (typeof documents)[number];
  let data: unknown;
  try {
    const decoded = goDecode(doc, input.text);
    if (decoded.fatal) throw new Error(String(decoded.findings[0]?.data['detail'] ?? 'the document cannot be read'));
    if (decoded.findings.some((f) => f.messageId === 'selfAlias')) throw new TypeError('circular: an alias inside its own anchor');
    data = decoded.data;
    // JSON Patch works on JSON: an alias inside its own anchor makes a value that contains itself.
    JSON.stringify(data);
  } catch (error) {
    const reason = error instanceof TypeError && /circular/i.test(error.message) ? 'an alias refers to a node that contains it, which JSON cannot hold' : (error as Error).message;
    throw new PatchInputError(`${input.file}: the ${role} cannot be read (${reason})`);
  }
  return { file: input.file, parsed, space: { doc, root: doc.contents, text: input.text }, data };
}

/** Segments of a path whose list indices are numbers, found by walking the data (the pointer does not say). */
function segmentsIn(data: unknown, tokens: readonly (string | number)[]): PathSegment[] {
  let node = data;
  return tokens.map((token) => {
    if (Array.isArray(node)) {
      const index = Number(token);
      node = node[index];
      return index;
    }
    node = isRecord(node) ? node[String(token)] : undefined;
    return String(token);
  });
}

function serverFieldProblems(operations: readonly PatchOperation[], kind: unknown): PatchProblem[] {
  const out: PatchProblem[] = [];
  for (const operation of operations) {
    if (operation.op === 'test') continue;
    for (const [member, tokens] of [['path', operation.path], ['from', operation.op === 'move' ? operation.from : undefined]] as const) {
      if (!tokens) continue;
      const field = tokens[0] === 'metadata' && isServerOwnedField(tokens[1] ?? '') ? `metadata.${tokens[1]}` : tokens[0] === 'status' && kind === 'User' ? 'status' : undefined;
      if (field) out.push({ ruleId: 'patch/server-field', messageId: 'serverOwned', data: { op: operation.op, field }, path: [operation.index, member], at: 'value' });
    }
  }
  return out;
}

export type PatchLintOptions = Omit<LintOptions, 'filename' | 'previousOf'>;

export interface PatchLintResult {
  /** PATCH first, then BASE; files without diagnostics are included (they were linted). */
  results: FileResult[];
  /** The patched document, when every operation applied. */
  patched?: unknown;
}

/** The diagnostics of one input file (BASE or PATCH), made by the engine's DiagnosticSink. */
class Emitter {
  private readonly sink: DiagnosticSink;

  constructor(
    private readonly file: { file: string; parsed: ParsedYaml },
    private readonly options: PatchLintOptions,
  ) {
    const { settings, docsUrl } = options;
    this.sink = new DiagnosticSink({ text: file.parsed.text, lineCounter: file.parsed.lineCounter, settings, docsUrl });
  }

  /** A finding of a rule the patch command reports itself, when that rule is on. */
  private emit(ruleId: string, finding: Omit<Finding, 'rule' | 'document'>): void {
    const rule = this.options.rules.find((r) => r.meta.id === ruleId);
    if (!rule || !isRuleEnabled(rule.meta, this.options.settings.get(ruleId))) return;
    this.sink.emit({ ...finding, rule: rule.meta, document: 0 });
  }

  problem(problem: PatchProblem, space: NodeSpace): void {
    this.emit(problem.ruleId, { messageId: problem.messageId, data: problem.data, ...new PositionLocator(space).place(problem.path, problem.at) });
  }

  syntax(error: SyntaxProblem): void {
    this.emit('yaml/syntax', { messageId: 'syntax', data: { detail: error.detail }, range: error.range, pointer: '' });
  }

  moved(d: Diagnostic, space: NodeSpace, path: DataPath, at: 'key' | 'value', pointer: string): void {
    this.sink.relocate(d, { range: new PositionLocator(space).range(path, at), pointer, document: 0 });
  }

  /** `secrets`: every file's secret values, to scrub from messages, with this file's ranges, to mask its frames. */
  result(secrets: SecretMap, withFrames: boolean, documents: number): FileResult {
    const { diagnostics, frameLines } = this.sink.finish({ secrets: () => secrets, withFrames });
    return { file: this.file.file, diagnostics, documents, skipped: 0, ...(frameLines ? { frameLines } : {}) };
  }
}

/** A file's result when BASE or PATCH does not parse: its syntax errors, or nothing for the one that parses. */
function syntaxResult(doc: OneDocument | Unparsed, options: PatchLintOptions): FileResult {
  if (!('errors' in doc)) return { file: doc.file, diagnostics: [], documents: 1, skipped: 0 };
  const out = new Emitter(doc, options);
  for (const error of doc.errors) out.syntax(error);
  const { text, documents } = doc.parsed;
  const secrets = collectSecrets(documents.map((d): NodeSpace => ({ doc: d, root: d.contents, text })), text);
  return out.result(secrets, options.withFrames === true, 0);
}

/** Applies PATCH to BASE and lints both; throws `PatchInputError` for input that is not one document each. */
export function lintPatch(base: PatchFile, patch: PatchFile, options: PatchLintOptions): PatchLintResult {
  const baseDoc = readOneDocument(base, 'base');
  const patchDoc = readOneDocument(patch, 'patch');
  if ('errors' in baseDoc || 'errors' in patchDoc) {
    return { results: [syntaxResult(patchDoc, options), syntaxResult(baseDoc, options)] };
  }
  const patchOut = new Emitter(patchDoc, options);
  const baseOut = new Emitter(baseDoc, options);
  const { operations, problems } = checkOperations(patchDoc.data);
  const platform = isPlatformObject(baseDoc.data);
  for (const problem of problems) patchOut.problem(problem, patchDoc.space);
  if (platform) for (const problem of serverFieldProblems(operations, (baseDoc.data as Record<string, unknown>)['kind'])) patchOut.problem(problem, patchDoc.space);

  // Secrets of all three texts: BASE, PATCH, and values the patch wrote under a secret key.
  const secretSpaces: NodeSpace[] = [baseDoc.space, patchDoc.space];
  let patched: unknown;
  if (problems.length === 0) {
    const outcome = applyOperations(baseDoc.data, operations);
    if (!outcome.ok) patchOut.problem(outcome.problem, patchDoc.space);
    else {
      patched = outcome.document;
      const generated = parseYaml(stringify(patched, { version: '1.1' }));
      const genDoc = generated.documents[0];
      if (genDoc) secretSpaces.push({ doc: genDoc, root: genDoc.contents, text: generated.text });
      if (platform && genDoc && isRecord(patched)) lintPatched(generated, patched, baseDoc, patchDoc, operations, outcome.shadow, { base: baseOut, patch: patchOut }, options);
    }
  }
  const secrets = collectSecrets(secretSpaces);
  const baseSecrets = collectSecrets([baseDoc.space], baseDoc.space.text);
  const patchSecrets = collectSecrets([patchDoc.space], patchDoc.space.text);
  // A value written (or tested) under a secret key is a secret too, though its own key is `value`.
  for (const operation of operations) {
    const value = locate(patchDoc.space.doc, patchDoc.space.root, [operation.index, 'value']).value;
    if (!isSecretKey(String(operation.path[operation.path.length - 1] ?? '')) || !isScalar(value) || typeof value.value !== 'string' || !value.range) continue;
    for (const map of [secrets, patchSecrets]) {
      map.values.add(value.value);
      map.ranges.push([value.range[0], value.range[1]]);
    }
  }
  const withFrames = options.withFrames === true;
  // Messages are scrubbed of every file's secrets; a file's frames are masked at its own secrets' ranges.
  return {
    results: [patchOut.result({ values: secrets.values, ranges: patchSecrets.ranges }, withFrames, 1), baseOut.result({ values: secrets.values, ranges: baseSecrets.ranges }, withFrames, 1)],
    ...(patched !== undefined ? { patched } : {}),
  };
}

function lintPatched(
  generated: ParsedYaml,
  patched: Record<string, unknown>,
  baseDoc: OneDocument,
  patchDoc: OneDocument,
  operations: readonly PatchOperation[],
  shadow: Shadow,
  out: { base: Emitter; patch: Emitter },
  options: PatchLintOptions,
): void {
  const baseData = baseDoc.data as Record<string, unknown>;
  const linted = lintText(generated.text, { ...options, filename: baseDoc.file, withFrames: false, previousOf: () => baseData });
  const genDoc = generated.documents[0];
  const patchItems = patchDoc.space.root;
  for (const d of linted.diagnostics) {
    const parsed = parsePointer(d.path);
    const tokens = parsed.ok ? parsed.tokens : [];
    const segments = segmentsIn(patched, tokens);
    // Was the diagnostic at the key of its path? The generated text tells: compare with the key's offset there.
    const found = genDoc ? locate(genDoc, genDoc.contents, segments) : undefined;
    const offset = (generated.lineCounter.lineStarts[d.line - 1] ?? 0) + d.column - 1;
    const at: 'key' | 'value' = found?.complete && found.key?.range?.[0] === offset ? 'key' : 'value';
    const { origin, rest } = originOf(shadow, tokens);
    if (origin.source === 'base') {
      const path = segmentsIn(baseData, [...origin.path, ...rest]);
      out.base.moved(d, baseDoc.space, path, at, d.path);
      continue;
    }
    const operation = operations.find((o) => o.index === origin.operation);
    const item = isSeq(patchItems) ? (patchItems.items[origin.operation] as Node | undefined) : undefined;
    const valueNode = isMap(item) ? (item.items.find((p) => isScalar(p.key) && p.key.value === 'value')?.value as Node | undefined) : undefined;
    if (origin.path.length === 0 && rest.length === 0 && at === 'key') {
      // A key the operation added: its name is the last token of the operation's `path`.
      out.patch.moved(d, patchDoc.space, [origin.operation, 'path'], 'value', `/${origin.operation}/path`);
      continue;
    }
    const inValue = segmentsIn(operation?.value, [...origin.path, ...rest]);
    const valueSpace: NodeSpace = { ...patchDoc.space, root: valueNode ?? item ?? null };
    out.patch.moved(d, valueSpace, inValue, at, toPointer([origin.operation, 'value', ...inValue]));
  }
}
