import { isScalar, type Document, type Node } from 'yaml';
import { parseYaml, type ParsedYaml } from '../yaml/parse.js';
import { literalBlockOffsetMap } from '../yaml/block-scalar.js';
import { goDecode } from '../yaml/go-decode.js';
import { LintTarget, toPointer, type NodeSpace, type OffsetRange, type RawStatus } from './document.js';
import type { DataPath, ResourceKind } from './types.js';

export const API_GROUP = 'management.platform';
export const API_VERSION = 'v1';
const RESOURCE_KINDS: readonly ResourceKind[] = ['User', 'Config'];
const LIST_KINDS: Readonly<Record<string, ResourceKind>> = { UserList: 'User', ConfigList: 'Config' };
const KNOWN_KINDS = [...RESOURCE_KINDS, ...Object.keys(LIST_KINDS), 'List'];

/** A diagnostic the engine itself raises while finding the documents to lint. */
export interface EngineFinding {
  ruleId: string;
  messageId: string;
  data?: Record<string, string | number>;
  documentIndex: number;
  range: OffsetRange;
  pointer: string;
}

export interface Extraction {
  targets: LintTarget[];
  /** Objects of other API groups or kinds, skipped and counted. */
  skipped: number;
  /** Platform objects found (a list's items count one by one). */
  objects: number;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Offsets of YAML parser errors in a space, mapped to the file. */
export function spaceOffsets(space: NodeSpace, pos: readonly [number, number]): OffsetRange {
  if (space.fallback) return space.fallback;
  const map = space.toFile ?? ((n: number) => n);
  const start = map(pos[0]);
  return [start, Math.max(start + 1, map(Math.max(pos[0], pos[1] - 1)) + 1)];
}

const KEY_TEXT = /^(?:"(?:[^"\\\n]|\\.)*"|'(?:[^'\n]|'')*'|[^:#\n,{}[\]]*?)(?=\s*:)/;

export function yamlErrorFindings(documentIndex: number, space: NodeSpace, doc: Document, pointer: string): EngineFinding[] {
  // The parser often reports one mistake several times at the same place; one diagnostic per place is enough.
  const seen = new Set<number>();
  const errors = doc.errors.filter((error) => !seen.has(error.pos[0]) && seen.add(error.pos[0]));
  return errors.map((error): EngineFinding => {
    if (error.code === 'DUPLICATE_KEY') {
      // The parser marks one character; the whole key is what the reader needs to see.
      const key = KEY_TEXT.exec(space.text.slice(error.pos[0], error.pos[0] + 1024))?.[0] || space.text.slice(error.pos[0], error.pos[1]);
      return {
        ruleId: 'yaml/duplicate-key',
        messageId: 'duplicate',
        data: { key: key.slice(0, 80) },
        documentIndex,
        range: spaceOffsets(space, [error.pos[0], error.pos[0] + Math.max(1, key.length)]),
        pointer,
      };
    }
    return {
      ruleId: 'yaml/syntax',
      messageId: 'syntax',
      data: { detail: error.message.split('\n')[0] ?? error.message, code: error.code },
      documentIndex,
      range: spaceOffsets(space, error.pos),
      pointer,
    };
  });
}

function closestKind(kind: string): string | undefined {
  return KNOWN_KINDS.find((known) => known.toLowerCase() === kind.toLowerCase());
}

function looksBase64(text: string): boolean {
  return text.length >= 8 && !/[:\n ]/.test(text.trim()) && /^[A-Za-z0-9+/=\r\n]+$/.test(text.trim());
}

/**
 * Finds the platform objects of one YAML document: the document itself, the items of a List, and a Config's
 * `spec.raw` parsed as its status.
 */
export class TargetExtractor {
  readonly findings: EngineFinding[] = [];

  constructor(private readonly parsed: ParsedYaml) {}

  private add(finding: Omit<EngineFinding, 'documentIndex'>, documentIndex: number): void {
    this.findings.push({ ...finding, documentIndex });
  }

  extract(documentIndex: number, doc: Document.Parsed, data: unknown): Extraction {
    const space: NodeSpace = { doc, root: doc.contents, text: this.parsed.text };
    const out: Extraction = { targets: [], skipped: 0, objects: 0 };
    this.classify(documentIndex, space, [], data, out, undefined);
    return out;
  }

  private at(documentIndex: number, space: NodeSpace, prefix: DataPath, data: Record<string, unknown>, path: DataPath, at: 'key' | 'value'): { range: OffsetRange; pointer: string } {
    const probe = new LintTarget(documentIndex, undefined, '', data, space, prefix);
    return { range: probe.range(path, at), pointer: probe.pointer(path) };
  }

  private classify(
    documentIndex: number,
    space: NodeSpace,
    prefix: DataPath,
    data: unknown,
    out: Extraction,
    impliedKind: ResourceKind | undefined,
  ): void {
    if (!isRecord(data)) {
      const probe = new LintTarget(documentIndex, undefined, '', {}, space, prefix);
      this.add({ ruleId: 'resource/not-an-object', messageId: 'notObject', data: { actual: Array.isArray(data) ? 'a list' : 'a scalar' }, range: probe.range([], 'value'), pointer: probe.pointer([]) }, documentIndex);
      return;
    }
    const place = (path: DataPath, at: 'key' | 'value' = 'value') => this.at(documentIndex, space, prefix, data, path, at);
    if (!impliedKind && data['apiVersion'] === undefined && data['kind'] === undefined && !('metadata' in data) && !('spec' in data) && !('status' in data)) {
      // Neither type nor object fields: some other YAML file (a CI config, Helm values), not a manifest.
      out.skipped++;
      return;
    }
    const apiVersion = data['apiVersion'] ?? (impliedKind ? `${API_GROUP}/${API_VERSION}` : undefined);
    const kind = data['kind'] ?? impliedKind;
    let typeMetaOk = true;
    for (const [field, value] of [['apiVersion', apiVersion], ['kind', kind]] as const) {
      if (value === undefined || value === null) {
        this.add({ ruleId: 'resource/type-meta', messageId: 'missing', data: { field }, ...place([field]) }, documentIndex);
        typeMetaOk = false;
      } else if (typeof value !== 'string') {
        this.add({ ruleId: 'resource/type-meta', messageId: 'notString', data: { field, type: typeof value }, ...place([field]) }, documentIndex);
        typeMetaOk = false;
      }
    }
    if (!typeMetaOk || typeof apiVersion !== 'string' || typeof kind !== 'string') return;

    if (kind === 'List' && apiVersion === 'v1') {
      this.items(documentIndex, space, prefix, data, out, undefined);
      return;
    }
    const slash = apiVersion.indexOf('/');
    const group = slash < 0 ? '' : apiVersion.slice(0, slash);
    const version = slash < 0 ? apiVersion : apiVersion.slice(slash + 1);
    if (group !== API_GROUP) {
      out.skipped++;
      return;
    }
    if (version !== API_VERSION) {
      this.add({ ruleId: 'resource/api-version', messageId: 'unrecognizedVersion', data: { version, expected: `${API_GROUP}/${API_VERSION}` }, ...place(['apiVersion']) }, documentIndex);
    }
    const listOf = LIST_KINDS[kind];
    if (listOf) {
      this.items(documentIndex, space, prefix, data, out, listOf);
      return;
    }
    if (!(RESOURCE_KINDS as readonly string[]).includes(kind)) {
      const suggestion = closestKind(kind);
      this.add(
        suggestion
          ? { ruleId: 'resource/kind', messageId: 'wrongCase', data: { kind, suggestion }, ...place(['kind']) }
          : { ruleId: 'resource/kind', messageId: 'unknownKind', data: { kind, kinds: KNOWN_KINDS.join(', ') }, ...place(['kind']) },
        documentIndex,
      );
      return;
    }
    const resourceKind = kind as ResourceKind;
    if (impliedKind && resourceKind !== impliedKind) {
      this.add({ ruleId: 'resource/kind', messageId: 'listItemKind', data: { kind, expected: impliedKind }, ...place(['kind']) }, documentIndex);
      return;
    }
    out.objects++;
    out.targets.push(new LintTarget(documentIndex, resourceKind, apiVersion, data, space, prefix));
    const spec = data['spec'];
    if (resourceKind === 'Config' && isRecord(spec) && typeof spec['raw'] === 'string') {
      const raw = this.rawStatus(documentIndex, space, prefix, data, spec['raw']);
      if (raw) out.targets.push(new LintTarget(documentIndex, resourceKind, apiVersion, { ...data, status: raw.data }, space, prefix, raw));
    }
  }

  private items(documentIndex: number, space: NodeSpace, prefix: DataPath, data: Record<string, unknown>, out: Extraction, kind: ResourceKind | undefined): void {
    const items = data['items'];
    if (items === undefined || items === null) return;
    if (!Array.isArray(items)) {
      const where = this.at(documentIndex, space, prefix, data, ['items'], 'value');
      this.add({ ruleId: 'resource/not-an-object', messageId: 'itemsNotList', ...where }, documentIndex);
      return;
    }
    const listTarget = new LintTarget(documentIndex, undefined, '', data, space, prefix);
    items.forEach((item, i) => {
      const itemNode = listTarget.node(['items', i]);
      const itemSpace: NodeSpace = { ...space, root: itemNode as Node | null | undefined };
      this.classify(documentIndex, itemSpace, [...prefix, 'items', i], item, out, kind);
    });
  }

  private rawStatus(documentIndex: number, space: NodeSpace, prefix: DataPath, data: Record<string, unknown>, raw: string): RawStatus | undefined {
    const outer = new LintTarget(documentIndex, 'Config', '', data, space, prefix);
    const scalarNode = outer.node(['spec', 'raw']);
    const scalarRange = outer.range(['spec', 'raw'], 'value');
    const pointer = toPointer([...prefix, 'spec', 'raw']);
    let text = raw;
    let toFile: ((n: number) => number) | undefined;
    let fallback: OffsetRange | undefined;
    if (looksBase64(raw)) {
      // The real API carries raw as bytes, which JSON and YAML encode as base64.
      text = Buffer.from(raw.replace(/\s+/g, ''), 'base64').toString('utf8');
      fallback = scalarRange;
    } else {
      toFile = isScalar(scalarNode) ? literalBlockOffsetMap(this.parsed.text, scalarNode) : undefined;
      if (!toFile) fallback = scalarRange;
    }
    if (text.trim() === '') return undefined;
    const inner = parseYaml(text);
    const innerDoc = inner.documents[0];
    if (!innerDoc) return undefined;
    const rawSpace: NodeSpace = { doc: innerDoc, root: innerDoc.contents, text, ...(toFile ? { toFile } : {}), ...(fallback ? { fallback } : {}) };
    const errors = yamlErrorFindings(documentIndex, rawSpace, innerDoc, pointer);
    for (const e of errors) this.findings.push(e);
    if (errors.some((e) => e.ruleId === 'yaml/syntax')) return undefined;
    let rawData: unknown;
    try {
      const decoded = goDecode(innerDoc, text, { targetAware: true });
      rawData = decoded.data;
      for (const f of decoded.findings) this.add({ ...f, range: spaceOffsets(rawSpace, f.range), pointer }, documentIndex);
      if (decoded.fatal) return undefined;
    } catch (error) {
      this.add({ ruleId: 'yaml/syntax', messageId: 'syntax', data: { detail: (error as Error).message, code: 'ALIAS' }, range: scalarRange, pointer }, documentIndex);
      return undefined;
    }
    if (!isRecord(rawData)) {
      this.add({ ruleId: 'resource/not-an-object', messageId: 'rawNotObject', range: scalarRange, pointer }, documentIndex);
      return undefined;
    }
    return { space: rawSpace, data: rawData };
  }
}
