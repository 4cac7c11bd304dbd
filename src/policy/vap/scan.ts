/**
 * The objects in a file's text, read as kubectl reads them (the platform's Go decoder, the items of a `v1` List):
 * the Namespaces and parameter objects of the linted files for the policies that read them, the resources of a
 * kaptest suite. A text that writes none of the kinds wanted (`kind: ConfigMap`) is not parsed at all: only a kind
 * written through an alias or an escape would be missed.
 */
import { quoteMeta } from '../../formats/go-text.js';
import { isRecord } from '../../platform/data.js';
import { readYaml } from '../../engine/read-yaml.js';
import type { ObjectData } from './cluster.js';

export interface ObjectScan {
  /** What the kinds wanted look like written (kindPattern); absent: any kind. */
  kinds?: RegExp;
  wants(data: ObjectData): boolean;
}

/** `kind: Namespace`, `"kind": "ConfigMap"`: one of these kinds written as one, in block, flow or JSON style. */
export function kindPattern(kinds: readonly string[]): RegExp {
  return new RegExp(`kind["']?\\s*:\\s*["']?(?:${kinds.map(quoteMeta).join('|')})\\b`);
}

export function objectsInText(text: string, scan: ObjectScan): ObjectData[] {
  if (scan.kinds && !scan.kinds.test(text)) return [];
  const out: ObjectData[] = [];
  const visit = (data: unknown): void => {
    if (!isRecord(data)) return;
    if (data['apiVersion'] === 'v1' && data['kind'] === 'List' && Array.isArray(data['items'])) {
      for (const item of data['items']) visit(item);
    } else if (scan.wants(data)) out.push(data);
  };
  // A document that cannot be read holds nothing a policy can read: the lint of the file says why.
  for (const { data, unreadable } of readYaml(text).documents) if (!unreadable) visit(data);
  return out;
}
