/**
 * Scalar nodes as the platform's decoder reads them, apart from where they sit: what a key or value resolves to,
 * the JSON key a key becomes, and how a value that decoding rounded prints.
 */
import { isScalar, Scalar, type YAMLMap } from 'yaml';
import { describeValue } from './describe-value.js';
import { jsonKeyOf, resolvePlain, resolveTagged, type GoScalar } from './go-scalar.js';
import { yaml12Text } from './yaml12.js';

/** What the platform's decoder makes of one scalar node, ignoring where it sits; undefined when it refuses it. */
export function goScalarOfNode(node: Scalar): GoScalar | undefined {
  const text = typeof node.source === 'string' ? node.source : typeof node.value === 'string' ? node.value : String(node.value ?? '');
  if (node.tag && node.tag !== '!') {
    const resolved = resolveTagged(node.tag, text);
    return resolved.type === 'error' ? undefined : resolved;
  }
  return node.type === Scalar.PLAIN && node.tag !== '!' ? resolvePlain(text) : { type: 'string', value: text };
}

/** The JSON key a key node becomes; undefined when it cannot become one. */
export function jsonKeyTextOf(node: Scalar): string | undefined {
  const read = goScalarOfNode(node);
  const json = read ? jsonKeyOf(read) : undefined;
  return json && 'key' in json ? json.key : undefined;
}

/** Two scalars the decoder reads as one value of one type (yaml.v2 compares keys that way): `01` and `1`, not `1.0` and `1`. */
export function sameGoValue(a: GoScalar, b: GoScalar): boolean {
  if (a.type !== b.type) return false;
  if (a.type === 'int' && b.type === 'int') return a.exact === b.exact;
  return 'value' in a && 'value' in b && Object.is(a.value, b.value);
}

/**
 * The text a scalar's author means: what YAML 1.2 reads under its explicit tag (`!!int 0x1F` is 31), else the text
 * as written. The platform's reading is a change worth a warning only where it differs from this.
 */
export function meantText(node: Scalar): string {
  const written = typeof node.source === 'string' ? node.source : String(node.value);
  return node.tag && node.tag !== '!' ? (yaml12Text(node.tag, written) ?? written) : written;
}

/**
 * How the value a `<<` merge gives `key` prints: an integer past 2^53 from its text, as the decoder holds it, not
 * as the rounded JS number decoding made of it.
 */
export function mergedValueShown(source: YAMLMap, key: string, merged: unknown): string {
  if (typeof merged !== 'number' || !Number.isInteger(merged) || Number.isSafeInteger(merged)) return describeValue(merged);
  for (const pair of source.items) {
    if (!isScalar(pair.key) || jsonKeyTextOf(pair.key) !== key || !isScalar(pair.value)) continue;
    const value = goScalarOfNode(pair.value);
    if (value?.type === 'int') return value.exact;
  }
  return describeValue(merged);
}
