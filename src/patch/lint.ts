/**
 * `platlint patch BASE PATCH`: the patch's own problems in PATCH; then the patched object, linted with every rule as
 * an update of BASE, with each diagnostic placed where the offending value was written: inside the `value` of the
 * operation that wrote it (or at its `path`, for a key it added), otherwise in BASE.
 */
import { isMap, isScalar, isSeq, stringify, type Node } from 'yaml';
import { LintTarget, type NodeSpace, type OffsetRange } from '../engine/document.js';
import { lintText, type LintOptions } from '../engine/lint.js';
import { collectSecrets, maskLine, scrubMessage, SECRET_KEYS, type SecretMap } from '../engine/secrets.js';
import { effectiveSeverity, formatMessage, isRuleEnabled, messageSpec } from '../engine/settings.js';
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

/** Parses one file; YAML errors come back as `yaml/syntax` problems at their place, other trouble as an exception. */
export function readOneDocument(input: PatchFile, role: string): OneDocument | { errors: { range: OffsetRange; message: string }[] } {
  let parsed: ParsedYaml;
  try {
    parsed = parseYaml(input.text);
  } catch (error) {
    throw new PatchInputError(`${input.file}: the ${role} cannot be parsed (${(error as Error).message})`);
  }
  if (parsed.tooDeep) {
    const at = parsed.tooDeep.offset;
    return { errors: [{ range: [at, at + 1], message: `YAML syntax error: lists and mappings nest deeper than ${MAX_NESTING} levels from here, the most platlint reads` }] };
  }
  const documents = parsed.documents.filter((doc) => doc.contents !== null);
  const errors = parsed.documents.flatMap((doc) => doc.errors).map((e) => ({ range: [e.pos[0], Math.max(e.pos[1], e.pos[0] + 1)] as OffsetRange, message: `YAML syntax error: ${e.message.split('\n')[0] ?? e.code}` }));
  if (errors.length) return { errors };
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

class Emitter {
  readonly diagnostics: Diagnostic[] = [];

  constructor(
    private readonly file: OneDocument,
    private readonly options: PatchLintOptions,
  ) {}

  position(range: OffsetRange): Pick<Diagnostic, 'line' | 'column' | 'endLine' | 'endColumn'> {
    const start = this.file.parsed.lineCounter.linePos(range[0]);
    const end = this.file.parsed.lineCounter.linePos(range[1]);
    return { line: start.line, column: start.col, endLine: end.line, endColumn: end.col };
  }

  problem(problem: PatchProblem): void {
    const rule = this.options.rules.find((r) => r.meta.id === problem.ruleId);
    if (!rule || !isRuleEnabled(rule.meta, this.options.settings.get(rule.meta.id))) return;
    const spec = messageSpec(rule.meta, problem.messageId);
    const target = new LintTarget(0, undefined, '', {}, this.file.space, []);
    const docsUrl = this.options.docsUrl?.(rule.meta.id);
    this.diagnostics.push({
      ruleId: rule.meta.id,
      severity: effectiveSeverity(rule.meta, spec, this.options.settings.get(rule.meta.id)),
      message: formatMessage(spec.text, problem.data),
      ...(spec.note ? { note: formatMessage(spec.note, problem.data) } : {}),
      ...this.position(target.range(problem.path, problem.at)),
      path: target.pointer(problem.path),
      document: 0,
      ...(docsUrl ? { docsUrl } : {}),
    });
  }

  moved(d: Diagnostic, space: NodeSpace, path: DataPath, at: 'key' | 'value', pointer: string): void {
    const target = new LintTarget(0, undefined, '', {}, space, []);
    const { fix: _fix, suggestions: _suggestions, ...rest } = d;
    this.diagnostics.push({ ...rest, ...this.position(target.range(path, at)), path: pointer, document: 0 });
  }

  /** `secrets` scrubs messages (every file's secrets); `ownSecrets` masks this file's code frames by offset. */
  result(secrets: SecretMap, ownSecrets: SecretMap, withFrames: boolean): FileResult {
    const seen = new Set<string>();
    const diagnostics = this.diagnostics
      .filter((d) => {
        const key = `${d.ruleId}\u0000${d.line}:${d.column}\u0000${d.message}`;
        return !seen.has(key) && seen.add(key);
      })
      .sort((a, b) => a.line - b.line || a.column - b.column || a.ruleId.localeCompare(b.ruleId))
      .map((d) => ({ ...d, message: scrubMessage(d.message, secrets), ...(d.note !== undefined ? { note: scrubMessage(d.note, secrets) } : {}) }));
    const result: FileResult = { file: this.file.file, diagnostics, documents: 1, skipped: 0 };
    if (withFrames && diagnostics.length) {
      const { text, lineCounter } = this.file.parsed;
      const lines = new Map<number, string>();
      for (const d of diagnostics) {
        for (let line = Math.max(1, d.line - 1); line <= Math.min(d.endLine, d.line + 2); line++) {
          const start = lineCounter.lineStarts[line - 1];
          if (start === undefined || lines.has(line)) continue;
          const end = text.indexOf('\n', start);
          lines.set(line, maskLine(text.slice(start, end < 0 ? text.length : end).replace(/\r$/, ''), start, ownSecrets));
        }
      }
      result.frameLines = lines;
    }
    return result;
  }
}

function syntaxResult(file: string, text: string, errors: { range: OffsetRange; message: string }[]): FileResult {
  const lineStarts = [0];
  for (let i = 0; i < text.length; i++) if (text[i] === '\n') lineStarts.push(i + 1);
  const pos = (offset: number): { line: number; col: number } => {
    let line = 0;
    while (line + 1 < lineStarts.length && (lineStarts[line + 1] as number) <= offset) line++;
    return { line: line + 1, col: offset - (lineStarts[line] as number) + 1 };
  };
  return {
    file,
    documents: 0,
    skipped: 0,
    diagnostics: errors.map(({ range, message }) => {
      const start = pos(range[0]);
      const end = pos(range[1]);
      return { ruleId: 'yaml/syntax', severity: 'error', message, line: start.line, column: start.col, endLine: end.line, endColumn: end.col, path: '', document: 0 };
    }),
  };
}

/** Applies PATCH to BASE and lints both; throws `PatchInputError` for input that is not one document each. */
export function lintPatch(base: PatchFile, patch: PatchFile, options: PatchLintOptions): PatchLintResult {
  const baseDoc = readOneDocument(base, 'base');
  const patchDoc = readOneDocument(patch, 'patch');
  if ('errors' in baseDoc || 'errors' in patchDoc) {
    return {
      results: [
        'errors' in patchDoc ? syntaxResult(patch.file, patch.text, patchDoc.errors) : { file: patch.file, diagnostics: [], documents: 1, skipped: 0 },
        'errors' in baseDoc ? syntaxResult(base.file, base.text, baseDoc.errors) : { file: base.file, diagnostics: [], documents: 1, skipped: 0 },
      ],
    };
  }
  const patchOut = new Emitter(patchDoc, options);
  const baseOut = new Emitter(baseDoc, options);
  const { operations, problems } = checkOperations(patchDoc.data);
  const platform = isPlatformObject(baseDoc.data);
  for (const problem of problems) patchOut.problem(problem);
  if (platform) for (const problem of serverFieldProblems(operations, (baseDoc.data as Record<string, unknown>)['kind'])) patchOut.problem(problem);

  // Secrets of all three texts: BASE, PATCH, and values the patch wrote under a secret key.
  const secretSpaces: NodeSpace[] = [baseDoc.space, patchDoc.space];
  let patched: unknown;
  if (problems.length === 0) {
    const outcome = applyOperations(baseDoc.data, operations);
    if (!outcome.ok) patchOut.problem(outcome.problem);
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
    if (!SECRET_KEYS.has(operation.path[operation.path.length - 1] ?? '') || !isScalar(value) || typeof value.value !== 'string' || !value.range) continue;
    for (const map of [secrets, patchSecrets]) {
      map.values.add(value.value);
      map.ranges.push([value.range[0], value.range[1]]);
    }
  }
  const withFrames = options.withFrames === true;
  return {
    results: [patchOut.result(secrets, patchSecrets, withFrames), baseOut.result(secrets, baseSecrets, withFrames)],
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
    const pointer = `/${origin.operation}/value${inValue.map((s) => '/' + String(s).replace(/~/g, '~0').replace(/\//g, '~1')).join('')}`;
    out.patch.moved(d, valueSpace, inValue, at, pointer);
  }
}
