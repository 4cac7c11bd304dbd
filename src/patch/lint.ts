/**
 * `platlint patch BASE PATCH`: the patch's own problems in PATCH; then the patched object, linted with every rule as
 * an update of BASE, with each diagnostic placed where the offending value was written: inside the `value` of the
 * operation that wrote it (or at its `path`, for a key it added), otherwise in BASE.
 */
import { isMap, isScalar, isSeq, stringify, type Node } from 'yaml';
import type { NodeSpace } from '../engine/node-space.js';
import { FileReporter } from '../engine/reporter.js';
import { lintText, type LintOptions } from '../engine/lint.js';
import { PositionLocator, toPointer } from '../engine/locator.js';
import type { SecretMap } from '../engine/masking.js';
import { collectSecrets, keyHoldsSecret } from '../engine/secrets.js';
import type { DataPath, Diagnostic, FailedChecks, FileResult, Finding, PathSegment } from '../engine/types.js';
import { readYaml } from '../engine/read-yaml.js';
import patchServerFieldRule from '../../rules/patch/server-field/index.js';
import yamlInvalidValueRule from '../../rules/yaml/invalid-value/index.js';
import { isRecord } from '../platform/data.js';
import { isServerOwnedField } from '../platform/server-fields.js';
import { parseYaml, type ParsedYaml } from '../yaml/parse.js';
import { locate } from '../yaml/locate.js';
import { applyOperations, originOf, type Shadow } from './apply.js';
import { checkOperations, type PatchOperation, type PatchProblem } from './operations.js';
import { parsePointer } from './pointer.js';

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

/** A file that cannot be read, with what its reading found. */
interface Unparsed {
  file: string;
  parsed: ParsedYaml;
  errors: Finding[];
}

/**
 * Reads one file with the engine's reader. What stops it being read (syntax errors, keys written twice, a document
 * the platform refuses) comes back as findings at their place; input that is no single document, as an exception.
 */
function readOneDocument(input: PatchFile, role: string): OneDocument | Unparsed {
  const read = readYaml(input.text);
  const errors = [...read.findings, ...read.documents.flatMap((document) => [...document.findings, ...document.duplicateKeys])];
  if (errors.length) return { file: input.file, parsed: read.parsed, errors };
  const documents = read.documents.filter((document) => document.doc.contents !== null);
  const [document] = documents;
  if (documents.length !== 1 || !document) throw new PatchInputError(`${input.file}: the ${role} must be one document, not ${documents.length}`);
  // JSON Patch works on JSON: an alias inside its own anchor makes a value that contains itself.
  if (document.decoding.some((f) => f.rule === yamlInvalidValueRule && f.messageId === 'selfAlias')) {
    throw new PatchInputError(`${input.file}: the ${role} cannot be read (an alias refers to a node that contains it, which JSON cannot hold)`);
  }
  return { file: input.file, parsed: read.parsed, space: document.space, data: document.data };
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
      if (field) out.push({ ...patchServerFieldRule.finding('serverOwned', { op: operation.op, field }), path: [operation.index, member], at: 'value' });
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

/** The diagnostics of one input file (BASE or PATCH), made by its reporter. */
class Emitter {
  private readonly reporter: FileReporter;

  constructor(
    private readonly file: { file: string; parsed: ParsedYaml },
    options: PatchLintOptions,
  ) {
    const { rules, settings, docsUrl } = options;
    this.reporter = new FileReporter({ text: file.parsed.text, lineCounter: file.parsed.lineCounter, settings, rules, docsUrl });
  }

  problem(problem: PatchProblem, space: NodeSpace): void {
    const { path, at, ...finding } = problem;
    this.reporter.report({ ...finding, ...new PositionLocator(space).place(path, at), document: 0 });
  }

  read(finding: Finding): void {
    this.reporter.report(finding);
  }

  moved(d: Diagnostic, space: NodeSpace, path: DataPath, at: 'key' | 'value', pointer: string): void {
    this.reporter.relocate(d, { range: new PositionLocator(space).range(path, at), pointer, document: 0 });
  }

  /** `secrets`: every file's secret values, to scrub from messages, with this file's ranges, to mask its frames. */
  result(secrets: SecretMap, withFrames: boolean, documents: number): FileResult {
    const { diagnostics, frameLines } = this.reporter.finish({ secrets: () => secrets, withFrames });
    return { file: this.file.file, diagnostics, documents, skipped: 0, ...(frameLines ? { frameLines } : {}) };
  }
}

/** A file's result when BASE or PATCH does not parse: its syntax errors, or nothing for the one that parses. */
function syntaxResult(doc: OneDocument | Unparsed, options: PatchLintOptions): FileResult {
  if (!('errors' in doc)) return { file: doc.file, diagnostics: [], documents: 1, skipped: 0 };
  const out = new Emitter(doc, options);
  for (const finding of doc.errors) out.read(finding);
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
  // What the policies could not check of the patched object: the base file's, as its diagnostics are.
  let failedChecks: FailedChecks[] | undefined;
  if (problems.length === 0) {
    const outcome = applyOperations(baseDoc.data, operations);
    if (!outcome.ok) patchOut.problem(outcome.problem, patchDoc.space);
    else {
      patched = outcome.document;
      const generated = parseYaml(stringify(patched, { version: '1.1' }));
      const genDoc = generated.documents[0];
      if (genDoc) secretSpaces.push({ doc: genDoc, root: genDoc.contents, text: generated.text });
      if (platform && genDoc && isRecord(patched)) failedChecks = lintPatched(generated, patched, baseDoc, patchDoc, operations, outcome.shadow, { base: baseOut, patch: patchOut }, options);
    }
  }
  const secrets = collectSecrets(secretSpaces);
  const baseSecrets = collectSecrets([baseDoc.space], baseDoc.space.text);
  const patchSecrets = collectSecrets([patchDoc.space], patchDoc.space.text);
  // A value written (or tested) under a secret key is a secret too, though its own key is `value`.
  for (const operation of operations) {
    const value = locate(patchDoc.space.doc, patchDoc.space.root, [operation.index, 'value']).value;
    if (!keyHoldsSecret(String(operation.path[operation.path.length - 1] ?? '')) || !isScalar(value) || typeof value.value !== 'string' || !value.range) continue;
    for (const map of [secrets, patchSecrets]) {
      map.values.add(value.value);
      map.ranges.push([value.range[0], value.range[1]]);
    }
  }
  const withFrames = options.withFrames === true;
  // Messages are scrubbed of every file's secrets; a file's frames are masked at its own secrets' ranges.
  const baseResult = baseOut.result({ values: secrets.values, pieces: secrets.pieces, ranges: baseSecrets.ranges }, withFrames, 1);
  return {
    results: [patchOut.result({ values: secrets.values, pieces: secrets.pieces, ranges: patchSecrets.ranges }, withFrames, 1), failedChecks ? { ...baseResult, failedChecks } : baseResult],
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
): FailedChecks[] | undefined {
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
  return linted.failedChecks;
}
