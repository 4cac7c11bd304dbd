import { Document, isScalar } from 'yaml';
import type { ParsedYaml } from '../yaml/parse.js';
import { literalBlockOf, type LiteralBlock } from '../yaml/block-scalar.js';
import { LintTarget, type RawStatus } from './document.js';
import { decodeDocument, parseManifest, tooDeepFinding } from './read-yaml.js';
import { fileRange, positionInText, type NodeSpace, type OffsetRange } from './node-space.js';
import { PositionLocator, type Place } from './locator.js';
import { yamlErrorFindings } from './yaml-errors.js';
import { API_GROUP, API_VERSION, apiGroupOf, documentScope, isMisspeltGroup, KNOWN_KINDS, LIST_KINDS, nearOurKind, objectScope, RESOURCE_KINDS } from './scope.js';
import resourceApiVersionRule from '../../rules/resource/api-version/index.js';
import resourceKindRule from '../../rules/resource/kind/index.js';
import resourceNotAnObjectRule from '../../rules/resource/not-an-object/index.js';
import resourceTypeMetaRule from '../../rules/resource/type-meta/index.js';
import yamlSyntaxRule from '../../rules/yaml/syntax/index.js';
import type { DataPath, Finding, ResourceKind, RuleFinding } from './types.js';
import type { ForeignJudge } from './rule-plan.js';
import { getIn, isRecord } from '../platform/data.js';
import { base64Text, looksBase64 } from '../formats/base64.js';
import { atText, embeddedPlace, isBase64Place, type EmbeddedSource } from './embedded.js';

export { API_GROUP, API_VERSION } from './scope.js';

/** A document or list item that is not a platform object, and why it was not linted. */
export interface SkippedPart {
  range: OffsetRange;
  pointer: string;
  reason: string;
}

export interface Extraction {
  targets: LintTarget[];
  /** Documents and list items that are not platform objects (scope.ts), skipped with a reason. */
  skipped: SkippedPart[];
  /** Platform objects found (a list's items count one by one); an embedded configuration counts as one. */
  objects: number;
  /**
   * With `embedded` entries: the document is no platform object and holds none of their paths. The file is then
   * skipped, with a warning if no document of it holds one.
   */
  missingEmbedded?: true;
  /**
   * The ranges of the embedded configurations found: the document's own YAML findings (duplicate keys, values the
   * decoder reads differently) count only inside them, the rest of the file being someone else's.
   */
  embeddedRanges?: OffsetRange[];
}


/**
 * Finds the platform objects of one YAML document: the document itself, the items of a List, and a Config's
 * `spec.raw` parsed as its status.
 */
export class TargetExtractor {
  readonly findings: Finding[] = [];
  /** The spaces of the embedded texts read (`spec.raw`, an embedded entry's string), linted or not: their secrets are masked. */
  readonly spaces: NodeSpace[] = [];

  /**
   * `foreign`: whether an object that is no platform object (a Deployment) is linted all the same, by the rules that
   * judge objects of any kind (`Rule.checkObject`); without it, such objects are skipped.
   */
  constructor(
    private readonly parsed: ParsedYaml,
    private readonly foreign?: ForeignJudge,
  ) {}

  /** A mapping of another API that a rule judging any kind wants: a target without a platform kind. */
  private foreignTarget(documentIndex: number, space: NodeSpace, prefix: DataPath, data: unknown, out: Extraction): boolean {
    if (!this.foreign || !isRecord(data) || typeof data['apiVersion'] !== 'string' || !this.foreign(data)) return false;
    out.objects++;
    out.targets.push(new LintTarget(documentIndex, undefined, data['apiVersion'], data, space, prefix));
    return true;
  }

  private add(finding: RuleFinding, place: Place, document: number): void {
    this.findings.push({ ...finding, ...place, document });
  }

  /**
   * `space`: the document's node space, with what its decoding found (secrets, whether it holds nulls).
   * `fileHasPlatformObjects`: another document of the file is ours, which makes a stray list or scalar a mistake.
   */
  extract(documentIndex: number, space: NodeSpace, data: unknown, fileHasPlatformObjects: boolean, embedded: readonly EmbeddedSource[] = []): Extraction {
    const out: Extraction = { targets: [], skipped: [], objects: 0 };
    const scope = documentScope(data, fileHasPlatformObjects);
    if (scope.linted) this.classify(documentIndex, space, [], data, out, undefined);
    else if (embedded.length === 0) {
      if (!this.foreignTarget(documentIndex, space, [], data, out)) out.skipped.push({ ...new PositionLocator(space).place([]), reason: scope.reason });
    }
    else if (!this.embedded(documentIndex, space, data, embedded, out)) {
      out.skipped.push({ ...new PositionLocator(space).place([]), reason: `${scope.reason}, and no value at the path of its embedded entry` });
      out.missingEmbedded = true;
    }
    return out;
  }

  /**
   * The configuration at the first `embedded` path the document has, linted as a Config's status: a mapping with
   * its own positions, a string parsed as `spec.raw` is. False when the document has none of the paths.
   */
  private embedded(documentIndex: number, space: NodeSpace, data: unknown, sources: readonly EmbeddedSource[], out: Extraction): boolean {
    const document = new PositionLocator(space);
    for (const source of sources) {
      const value = getIn(data, source.at);
      if (value === undefined) continue;
      const place = document.place(source.at);
      const range = (out.embeddedRanges ??= []);
      range.push(place.range);
      let raw: RawStatus | undefined;
      if (isRecord(value)) {
        const node = document.node(source.at);
        const nodeRange = node?.range;
        if (nodeRange) range.push([nodeRange[0], nodeRange[2]]);
        raw = { space: { doc: space.doc, root: node, text: space.text, ...(space.holdsNulls === false ? { holdsNulls: false } : {}) }, data: value };
      } else if (typeof value === 'string') {
        raw = this.rawStatus(documentIndex, document, source.at, value, { base64: isBase64Place(data, source.at), notObject: 'embeddedNotObject' });
      } else {
        const actual = value === null ? 'null' : Array.isArray(value) ? 'a list' : `a ${typeof value}`;
        this.add(resourceNotAnObjectRule.finding('embeddedNotObject', { at: place.pointer, actual }), place, documentIndex);
      }
      out.objects++;
      if (raw) {
        const apiVersion = `${API_GROUP}/${API_VERSION}`;
        out.targets.push(new LintTarget(documentIndex, source.as, apiVersion, { apiVersion, kind: source.as, status: raw.data }, space, [], { ...raw, at: source.at }, embeddedPlace(source)));
      }
      return true;
    }
    return false;
  }

  private classify(
    documentIndex: number,
    space: NodeSpace,
    prefix: DataPath,
    data: unknown,
    out: Extraction,
    impliedKind: ResourceKind | undefined,
  ): void {
    const inGenericList = prefix.length > 0 && !impliedKind;
    if (!isRecord(data)) {
      const here = new PositionLocator(space, prefix).place([]);
      const actual = Array.isArray(data) ? 'a list' : 'a scalar';
      if (inGenericList) out.skipped.push({ ...here, reason: `${actual}, not a mapping: not a platform object` });
      else this.add(resourceNotAnObjectRule.finding('notObject', { actual }), here, documentIndex);
      return;
    }
    const locator = new PositionLocator(space, prefix);
    const place = (path: DataPath): Place => locator.place(path);
    if (inGenericList) {
      // The items of a `v1` List are judged one by one, like documents.
      const scope = objectScope(data);
      if (!scope.linted) {
        if (!this.foreignTarget(documentIndex, space, prefix, data, out)) out.skipped.push({ ...place([]), reason: scope.reason });
        return;
      }
    }
    const apiVersion = data['apiVersion'] ?? (impliedKind ? `${API_GROUP}/${API_VERSION}` : undefined);
    const kind = data['kind'] ?? impliedKind;
    let typeMetaOk = true;
    for (const [field, value] of [['apiVersion', apiVersion], ['kind', kind]] as const) {
      if (value === undefined || value === null) {
        this.add(resourceTypeMetaRule.finding('missing', { field }), place([field]), documentIndex);
        typeMetaOk = false;
      } else if (typeof value !== 'string') {
        this.add(resourceTypeMetaRule.finding('notString', { field, type: typeof value }), place([field]), documentIndex);
        typeMetaOk = false;
      }
    }
    if (!typeMetaOk || typeof apiVersion !== 'string' || typeof kind !== 'string') return;

    if (kind === 'List' && apiVersion === 'v1') {
      this.items(documentIndex, locator, prefix, data, out, undefined);
      return;
    }
    const group = apiGroupOf(apiVersion);
    const version = apiVersion.slice(apiVersion.indexOf('/') + 1);
    if (group !== API_GROUP) {
      // scope.ts let it through: one of our kinds under a slip of our group (`v1`, `managment.platform/v1`).
      const expected = `${API_GROUP}/${API_VERSION}`;
      if (isMisspeltGroup(group)) this.add(resourceApiVersionRule.finding('misspeltGroup', { apiVersion, expected }), place(['apiVersion']), documentIndex);
      else this.add(resourceApiVersionRule.finding('wrongGroup', { apiVersion, kind, expected }), place(['apiVersion']), documentIndex);
    } else if (version !== API_VERSION) {
      this.add(resourceApiVersionRule.finding('unrecognizedVersion', { version, expected: `${API_GROUP}/${API_VERSION}` }), place(['apiVersion']), documentIndex);
    }
    const listOf = LIST_KINDS[kind];
    if (listOf) {
      this.items(documentIndex, locator, prefix, data, out, listOf);
      return;
    }
    // The group defines no List, and the API server serves none; kubectl still applies the items of any list it reads
    // (a kind ending in List, with items), so they are linted as a v1 List's are, and the kind is reported.
    if (kind === 'List') {
      this.add(resourceKindRule.finding('groupList', { apiVersion }), place(['kind']), documentIndex);
      this.items(documentIndex, locator, prefix, data, out, undefined);
      return;
    }
    if (!(RESOURCE_KINDS as readonly string[]).includes(kind)) {
      const suggestion = nearOurKind(kind);
      const finding = !suggestion
        ? resourceKindRule.finding('unknownKind', { kind, kinds: KNOWN_KINDS.join(', ') })
        : resourceKindRule.finding(suggestion.toLowerCase() === kind.toLowerCase() ? 'wrongCase' : 'misspelt', { kind, suggestion });
      this.add(finding, place(['kind']), documentIndex);
      return;
    }
    const resourceKind = kind as ResourceKind;
    if (impliedKind && resourceKind !== impliedKind) {
      this.add(resourceKindRule.finding('listItemKind', { kind, expected: impliedKind }), place(['kind']), documentIndex);
      return;
    }
    out.objects++;
    out.targets.push(new LintTarget(documentIndex, resourceKind, apiVersion, data, space, prefix));
    const spec = data['spec'];
    if (resourceKind === 'Config' && isRecord(spec) && typeof spec['raw'] === 'string') {
      const raw = this.rawStatus(documentIndex, locator, ['spec', 'raw'], spec['raw'], { base64: looksBase64(spec['raw']), notObject: 'rawNotObject' });
      if (raw) out.targets.push(new LintTarget(documentIndex, resourceKind, apiVersion, { ...data, status: raw.data }, space, prefix, raw));
    }
  }

  private items(documentIndex: number, list: PositionLocator, prefix: DataPath, data: Record<string, unknown>, out: Extraction, kind: ResourceKind | undefined): void {
    const items = data['items'];
    if (items === undefined || items === null) return;
    if (!Array.isArray(items)) {
      this.add(resourceNotAnObjectRule.finding('itemsNotList'), list.place(['items']), documentIndex);
      return;
    }
    items.forEach((item, i) => {
      const itemSpace: NodeSpace = { ...list.space, root: list.node(['items', i]) };
      this.classify(documentIndex, itemSpace, [...prefix, 'items', i], item, out, kind);
    });
  }

  /** A finding at offsets of an embedded text, placed in the file; where it collapses, its message says where. */
  private placedIn(space: NodeSpace, finding: Finding): Finding {
    const inside = positionInText(space, finding.range[0]);
    return { ...finding, range: fileRange(space, finding.range), ...(inside ? { inside } : {}) };
  }

  /**
   * A configuration written as YAML text in a string (`spec.raw`, a Secret's key): positions mapped into the file
   * through a literal block scalar, else collapsed onto the scalar; base64 is decoded first.
   */
  private rawStatus(
    documentIndex: number,
    config: PositionLocator,
    at: DataPath,
    raw: string,
    how: { base64: boolean; notObject: 'rawNotObject' | 'embeddedNotObject' },
  ): RawStatus | undefined {
    const scalarNode = config.node(at);
    const { range: scalarRange, pointer } = config.place(at);
    let text = raw;
    let block: LiteralBlock | undefined;
    let fallback: OffsetRange | undefined;
    if (how.base64) {
      // The real API carries raw as bytes, which JSON and YAML encode as base64; a Secret's data is base64 too.
      text = base64Text(raw.replace(/\s+/g, ''));
      fallback = scalarRange;
    } else {
      block = isScalar(scalarNode) ? literalBlockOf(this.parsed.text, scalarNode) : undefined;
      if (!block) fallback = scalarRange;
    }
    // Diagnostics that collapse onto the value (a quoted, folded or base64 text) say where in the text they are.
    const name = atText(at.map(String));
    const positionsIn = fallback ? (how.base64 ? `the decoded ${name}` : `the text of ${name}`) : undefined;
    if (text.trim() === '') return undefined;
    const mapping = { ...(block ? { block } : {}), ...(fallback ? { fallback } : {}), ...(positionsIn ? { positionsIn } : {}) };
    // Read as a manifest is (lint.ts): nesting, syntax errors, decoding, and the secrets of whatever is read. Plain
    // block YAML is composed and decoded from its tokens, with nothing to report (read-yaml.ts parseManifest).
    const place = { range: scalarRange, pointer };
    const { parsed: inner, composed: [composed] } = parseManifest(text);
    if (composed) {
      const { doc, data, sawNull, secrets } = composed;
      const rawSpace: NodeSpace = { doc, root: doc.contents, text, ...mapping, secrets, holdsNulls: sawNull };
      this.spaces.push(rawSpace);
      return this.rawObject(rawSpace, data, documentIndex, how.notObject, place);
    }
    const innerDoc = inner.documents[0] ?? new Document();
    const rawSpace: NodeSpace = { doc: innerDoc, root: innerDoc.contents, text, ...mapping };
    this.spaces.push(rawSpace);
    if (inner.tooDeep) {
      this.findings.push(this.placedIn(rawSpace, { ...tooDeepFinding(inner.tooDeep.offset), document: documentIndex, pointer }));
      return undefined;
    }
    if (inner.documents.length === 0) return undefined;
    // Found in the text's own offsets, then placed in the file: the message can say where in the text.
    const textSpace: NodeSpace = { doc: innerDoc, root: innerDoc.contents, text };
    const errors = yamlErrorFindings(documentIndex, textSpace, innerDoc, pointer).map((e) => this.placedIn(rawSpace, e));
    for (const e of errors) this.findings.push(e);
    if (errors.some((e) => e.rule === yamlSyntaxRule)) return undefined;
    const { data: rawData, findings, readable } = decodeDocument(rawSpace, documentIndex, pointer, { targetAware: true });
    for (const f of findings) this.findings.push(this.placedIn(rawSpace, f));
    if (!readable) return undefined;
    return this.rawObject(rawSpace, rawData, documentIndex, how.notObject, place);
  }

  /** The status read out of the text, when it is a mapping; else one finding on the string that holds it. */
  private rawObject(space: NodeSpace, data: unknown, documentIndex: number, notObject: 'rawNotObject' | 'embeddedNotObject', place: Place): RawStatus | undefined {
    if (isRecord(data)) return { space, data };
    this.add(resourceNotAnObjectRule.finding(notObject, { at: place.pointer, actual: 'a string that is no YAML mapping' }), place, documentIndex);
    return undefined;
  }
}
