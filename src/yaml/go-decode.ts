import { isAlias, isMap, isPair, isScalar, isSeq, Scalar, type Document, type Node, type YAMLMap } from 'yaml';
import { excessiveAliasing } from './alias-limit.js';
import { refusedTabsOf } from './parse.js';
import { mayHoldConnectionPassword } from '../formats/connection-password.js';
import yamlAmbiguousScalarRule from '../../rules/yaml/ambiguous-scalar/index.js';
import yamlDuplicateKeyRule from '../../rules/yaml/duplicate-key/index.js';
import yamlInvalidValueRule from '../../rules/yaml/invalid-value/index.js';
import yamlSyntaxRule from '../../rules/yaml/syntax/index.js';
import type { RuleFinding } from '../rule-model/types.js';
import { goScalarOfNode, jsonKeyTextOf, meantText, mergedValueShown, sameGoValue } from './go-node.js';
import { jsonKeyOf, NOT_ONLY_STRING, printScalar, resolvePlain, resolveTagged, type GoScalar } from './go-scalar.js';
import { yaml12Text } from './yaml12.js';

const utf8 = new TextEncoder();

/**
 * A document decoded as the platform decodes it: sigs.k8s.io/yaml's YAMLToJSON over gopkg.in/yaml.v2. The data is
 * the JSON the platform builds; the findings say where it refuses a value (an error) and where it reads a value
 * differently from how it is written (a warning naming what it reads). Offsets are in the parsed text.
 */
export type DecodeFinding = RuleFinding & { range: readonly [number, number] };

export interface GoDecodeOptions {
  /**
   * The document is read into typed fields by sigs.k8s.io/yaml.Unmarshal (Config.spec.raw), which makes strings of
   * numbers for string fields before JSON sees them: NaN and infinity are then for the schema pass to judge.
   */
  targetAware?: boolean;
  /**
   * Keys whose values are credentials: the decoder, which visits every node anyway, hands back their value nodes
   * and every string that may hold a connection string's password, so that no second walk has to find them.
   */
  secretKeys?: { has(key: string): boolean };
}

/** Nodes that may hold secrets, found while decoding (GoDecodeOptions.secretKeys). */
export interface SecretCandidates {
  /** Values of secret keys, whatever they are: scalars, aliases, collections. */
  values: Node[];
  /** String scalars that may hold a connection string's password (mayHoldConnectionPassword). */
  connections: Scalar[];
}

export interface GoDecoded {
  data: unknown;
  findings: DecodeFinding[];
  /** The platform refuses the whole document (excessive aliasing): its data is not worth linting. */
  fatal: boolean;
  /** With `secretKeys`: every node of the document that may hold a secret. */
  secrets?: SecretCandidates;
  /** Some value of the data is null (an empty value, `~`, a refused scalar): false lets a walk for nulls be skipped. */
  sawNull: boolean;
}

const MERGE_TAG = 'tag:yaml.org,2002:merge';
const BINARY_TAG = 'tag:yaml.org,2002:binary';

function rangeOf(node: Node | null | undefined, fallback: readonly [number, number]): readonly [number, number] {
  const range = node?.range;
  return range ? [range[0], Math.max(range[0] + 1, range[1])] : fallback;
}

function setKey(out: Record<string, unknown>, key: string, value: unknown): void {
  // `__proto__` is an ordinary key in YAML and in Go.
  if (key === '__proto__') Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
  else out[key] = value;
}

/** `017`: digits a reader takes for decimal, which yaml.v2 reads as octal (one way to match each text: linear). */
export const DECIMAL_LOOKING = /^[-+]?0_*[0-9][0-9_]*$/;

class GoDecoder {
  readonly findings: DecodeFinding[] = [];
  private readonly decoded = new Map<Node, unknown>();
  private readonly inProgress = new Set<Node>();
  private readonly whole: readonly [number, number];
  sawAlias = false;
  sawNull = false;
  readonly secrets: SecretCandidates = { values: [], connections: [] };

  constructor(
    private readonly doc: Document,
    private readonly text: string,
    private readonly options: GoDecodeOptions,
  ) {
    this.whole = rangeOf(doc.contents as Node | null, [0, 1]);
  }

  /** yaml.v2 knows the escapes of YAML 1.1, which has no `\/`. */
  private checkEscapes(node: Scalar): void {
    const range = node.range;
    if (!range) return;
    // Searched within the scalar only: a search of the rest of the text for each scalar made a mapping of
    // double-quoted values quadratic in its size.
    const source = this.text.slice(range[0], range[1]);
    if (!source.includes('\\/')) return;
    for (const match of source.matchAll(/\\(.)/g)) {
      if (match[1] !== '/') continue;
      const at = range[0] + (match.index ?? 0);
      const detail = 'found unknown escape character "\\/": YAML 1.1, which the platform reads, has no such escape; write "/" alone';
      this.findings.push({ ...yamlSyntaxRule.finding('syntax', { detail }), range: [at, at + 2] });
      return;
    }
  }

  /** A finding on a node (the whole document when the node has no range). */
  private report(finding: RuleFinding, node: Node | null | undefined): void {
    this.findings.push({ ...finding, range: rangeOf(node, this.whole) });
  }

  /** The text of a scalar as the parser hands it to the resolver: after unescaping and line folding. */
  private scalarOf(node: Scalar, isKey = false): GoScalar | undefined {
    const text = typeof node.source === 'string' ? node.source : typeof node.value === 'string' ? node.value : String(node.value ?? '');
    const tag = node.tag;
    if (tag && tag !== '!') {
      if (node.type === Scalar.QUOTE_DOUBLE) this.checkEscapes(node);
      const resolved = resolveTagged(tag, text);
      if (resolved.type === 'error') {
        this.report(yamlInvalidValueRule.finding('badTag', { reason: resolved.reason }), node);
        return undefined;
      }
      // Bytes that are UTF-8 text read as that text, as YAML 1.2 reads them; only other bytes change (to U+FFFD).
      if (tag === BINARY_TAG && resolved.type === 'string' && yaml12Text(tag, text) === undefined) {
        const shown = /^[^\p{Cc}]{0,60}$/u.test(resolved.value) ? `the string "${resolved.value}"` : `${utf8.encode(resolved.value).length} bytes of text`;
        this.report(yamlAmbiguousScalarRule.finding('binary', { value: shown }), node);
      }
      if (!isKey) this.checkOctal(node, text, resolved);
      return resolved;
    }
    if (node.type === Scalar.QUOTE_DOUBLE) this.checkEscapes(node);
    // The non-specific tag `!` makes any scalar a string (yaml.v2 resolve.go: only untagged plain text is resolved).
    if (node.type !== Scalar.PLAIN || tag === '!') return { type: 'string', value: text };
    const resolved = resolvePlain(text);
    // A key says what it becomes in its own warning.
    if (!isKey) this.checkOctal(node, text, resolved);
    return resolved;
  }

  /** `017` (or `!!int 017`): digits a reader takes for a decimal number, which yaml.v2 reads as octal. */
  private checkOctal(node: Scalar, text: string, resolved: GoScalar): void {
    if (resolved.type !== 'int' || !DECIMAL_LOOKING.test(text)) return;
    const decimal = BigInt(text.replace(/_/g, '').replace(/^\+/, '')).toString();
    if (decimal !== resolved.exact) this.report(yamlAmbiguousScalarRule.finding('octal', { source: text, value: resolved.exact, decimal }), node);
  }

  /** Untagged text that can only be a string: most values, read without building a resolution. */
  private plainString(node: Scalar): string | undefined {
    if (node.tag) return undefined;
    const text = node.source;
    if (typeof text !== 'string') return undefined;
    if (node.type === Scalar.PLAIN) return text !== '' && !NOT_ONLY_STRING.has(text[0] ?? '') ? text : undefined;
    if (node.type === Scalar.QUOTE_DOUBLE) this.checkEscapes(node);
    return text;
  }

  private scalarValue(node: Scalar): unknown {
    // A string that may carry a connection string's password (what plainString returns is that same string).
    if (this.options.secretKeys && typeof node.value === 'string' && mayHoldConnectionPassword(node.value)) this.secrets.connections.push(node);
    const simple = this.plainString(node);
    if (simple !== undefined) return simple;
    const scalar = this.scalarOf(node);
    // A refused value is reported once, here; the rest of the document is linted as if it were absent.
    if (!scalar) return null;
    switch (scalar.type) {
      case 'null':
        return null;
      case 'float':
        // The raw config's target-aware reader turns them into strings for string fields; the schema pass judges.
        if (!Number.isFinite(scalar.value) && !this.options.targetAware) {
          this.report(yamlInvalidValueRule.finding('notJson', { value: String(node.source ?? ''), reading: printScalar(scalar) }), node);
          return node.source ?? null;
        }
        return scalar.value;
      default:
        return scalar.value;
    }
  }

  decode(node: Node | null | undefined): unknown {
    const value = this.decodeNode(node);
    if (value === null) this.sawNull = true;
    return value;
  }

  private decodeNode(node: Node | null | undefined): unknown {
    if (node === null || node === undefined) return null;
    if (isAlias(node)) {
      this.sawAlias = true;
      const target = node.resolve(this.doc) as Node | undefined;
      // The engine reports it on the alias, as for the parser's own errors.
      if (!target) throw new ReferenceError(`Unresolved alias (the anchor must be set before the alias): ${node.source}`);
      if (this.inProgress.has(target)) {
        this.report(yamlInvalidValueRule.finding('selfAlias', { anchor: node.source }), node);
        return null;
      }
      return this.decode(target);
    }
    if (isScalar(node)) return this.scalarValue(node);
    const cached = node.anchor ? this.decoded.get(node) : undefined;
    if (cached !== undefined) return cached;
    let value: unknown;
    this.inProgress.add(node);
    if (isSeq(node)) value = node.items.map((item) => (isPair(item) ? this.pairMapping(item) : this.decode(item as Node | null)));
    else if (isMap(node)) value = this.mapping(node);
    else value = null;
    this.inProgress.delete(node);
    // Anchored collections are decoded once and shared, as the aliases share them.
    if (node.anchor) this.decoded.set(node, value);
    return value;
  }

  private isMergeKey(key: unknown): boolean {
    if (!isScalar(key) || key.source !== '<<') return false;
    return key.tag === MERGE_TAG || (!key.tag && key.type === Scalar.PLAIN);
  }

  private jsonKey(key: Node | null | undefined): string | undefined {
    if (key === null || key === undefined) {
      this.report(yamlInvalidValueRule.finding('badKey', { reason: 'a null key cannot become a JSON key' }), key);
      return undefined;
    }
    if (isScalar(key)) {
      const simple = this.plainString(key);
      if (simple !== undefined) return simple;
    }
    const target = isAlias(key) ? (key.resolve(this.doc) as Node | undefined) : key;
    if (!isScalar(target)) {
      this.report(yamlInvalidValueRule.finding('badKey', { reason: 'a list or mapping cannot be a key' }), key);
      return undefined;
    }
    const scalar = this.scalarOf(target, true);
    if (!scalar) return undefined;
    const json = jsonKeyOf(scalar);
    if ('reason' in json) {
      this.report(yamlInvalidValueRule.finding('badKey', { reason: json.reason }), key);
      return undefined;
    }
    const written = typeof target.source === 'string' ? target.source : String(target.value);
    if ((target.type === Scalar.PLAIN || (target.tag && target.tag !== '!')) && json.key !== meantText(target)) {
      this.report(yamlAmbiguousScalarRule.finding('key', { source: written, key: json.key }), key);
    }
    return json.key;
  }

  private mapping(node: Node): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    if (!isMap(node)) return out;
    /** Keys written in this mapping, for telling when a later merge replaces one; only mappings with a merge keep them. */
    let explicit: Map<string, Node> | undefined;
    node.items.forEach((pair, index) => {
      if (!isPair(pair)) return;
      if (this.isMergeKey(pair.key)) {
        explicit ??= this.keysBefore(node.items, index);
        this.merge(pair.value as Node | null, out, explicit, pair.key as Node);
        return;
      }
      const key = this.jsonKey(pair.key as Node | null);
      const value = this.decode(pair.value as Node | null);
      if (key === undefined) return;
      if (pair.value && this.options.secretKeys?.has(key)) this.secrets.values.push(pair.value as Node);
      if (Object.prototype.hasOwnProperty.call(out, key) && !explicit) this.sameJsonKey(node.items, index, key);
      setKey(out, key, value);
      explicit?.set(key, (pair.key as Node | null) ?? node);
    });
    return out;
  }

  /**
   * A key whose JSON key an earlier key of the mapping already gave (`1` and `"1"`, `1.0` and `1`): different keys
   * to YAML, so no duplicate to yaml.v2's strict decoder, but one JSON key, of which the platform keeps one value.
   * The same key written twice is yaml/duplicate-key's.
   */
  private sameJsonKey(items: readonly unknown[], index: number, key: string): void {
    const later = items[index];
    if (!isPair(later) || !isScalar(later.key)) return;
    const read = goScalarOfNode(later.key);
    for (const pair of items.slice(0, index)) {
      if (!isPair(pair) || !isScalar(pair.key) || jsonKeyTextOf(pair.key) !== key) continue;
      const earlier = goScalarOfNode(pair.key);
      if (read && earlier && sameGoValue(read, earlier)) return;
      const shown = (k: Scalar): string => (typeof k.source === 'string' ? (k.type === Scalar.PLAIN ? k.source : JSON.stringify(k.source)) : String(k.value));
      this.report(yamlAmbiguousScalarRule.finding('sameJsonKey', { first: shown(pair.key), second: shown(later.key), key }), later.key as Node);
      return;
    }
  }

  /** The keys written before a mapping's first merge, read again without reporting (merges are rare). */
  private keysBefore(items: readonly unknown[], end: number): Map<string, Node> {
    const keys = new Map<string, Node>();
    for (const pair of items.slice(0, end)) {
      if (!isPair(pair) || !isScalar(pair.key)) continue;
      const key = jsonKeyTextOf(pair.key);
      if (key !== undefined) keys.set(key, pair.key);
    }
    return keys;
  }

  /** An `!!omap` or `!!pairs` entry, which yaml.v2 reads as a mapping of one key. */
  private pairMapping(pair: { key: unknown; value: unknown }): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    const key = this.jsonKey(pair.key as Node | null);
    const value = this.decode(pair.value as Node | null);
    if (key === undefined) return out;
    if (pair.value && this.options.secretKeys?.has(key)) this.secrets.values.push(pair.value as Node);
    setKey(out, key, value);
    return out;
  }

  private mergeSources(value: Node | null): { values: Record<string, unknown>; node: YAMLMap }[] | undefined {
    const target = isAlias(value) ? (value.resolve(this.doc) as Node | undefined) : value;
    if (isMap(target)) return [{ values: this.decode(value) as Record<string, unknown>, node: target }];
    if (isSeq(target)) {
      const maps: { values: Record<string, unknown>; node: YAMLMap }[] = [];
      for (const item of target.items) {
        const resolved = isAlias(item) ? (item.resolve(this.doc) as Node | undefined) : (item as Node | null);
        if (!isMap(resolved)) return undefined;
        maps.push({ values: this.decode(item as Node) as Record<string, unknown>, node: resolved });
      }
      // yaml.v2 applies the list from the end, so the first mapping listed wins.
      return maps.reverse();
    }
    return undefined;
  }

  private merge(value: Node | null, out: Record<string, unknown>, explicit: Map<string, Node>, mergeKey: Node): void {
    const sources = this.mergeSources(value);
    if (!sources) {
      this.report(yamlInvalidValueRule.finding('badMerge'), value ?? mergeKey);
      return;
    }
    // yaml.v2's strict decoder refuses a key that two mappings of one merge list both set ("already set in map").
    const merged = new Set<string>();
    for (const source of sources) {
      for (const key of Object.keys(source.values)) {
        if (merged.has(key)) this.report(yamlDuplicateKeyRule.finding('mergeRepeats', { key }), value ?? mergeKey);
        merged.add(key);
      }
    }
    for (const source of sources) {
      for (const [key, merged] of Object.entries(source.values)) {
        const written = explicit.get(key);
        if (written && !Object.is(out[key], merged)) {
          this.report(yamlAmbiguousScalarRule.finding('mergeOverrides', { key, value: mergedValueShown(source.node, key, merged) }), written);
          explicit.delete(key);
        }
        setKey(out, key, merged);
      }
    }
  }
}

/** Decodes one parsed document as the platform's Go decoder does. */
export function goDecode(doc: Document, text: string, options: GoDecodeOptions = {}): GoDecoded {
  const decoder = new GoDecoder(doc, text, options);
  const data = decoder.decode(doc.contents as Node | null);
  const aliasing = decoder.sawAlias ? excessiveAliasing(doc) : undefined;
  if (aliasing) {
    const range = doc.contents?.range;
    return { data: null, fatal: true, sawNull: true, findings: [{ ...yamlSyntaxRule.finding('syntax', { detail: aliasing }), range: range ? [range[0], range[0] + 1] : [0, 1] }] };
  }
  for (const tab of refusedTabsOf(doc)) decoder.findings.push({ ...yamlSyntaxRule.finding('tab', { place: tab.place, goError: tab.goError }), range: [tab.offset, tab.offset + 1] });
  return { data, findings: decoder.findings, fatal: false, sawNull: decoder.sawNull, ...(options.secretKeys ? { secrets: decoder.secrets } : {}) };
}
