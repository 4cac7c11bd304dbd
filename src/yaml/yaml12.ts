/**
 * What a YAML 1.2 reader makes of an explicitly tagged scalar (`!!int '0x1F'`, `!!binary aGVsbG8=`): the value its
 * author asked for by the tag, against which the platform's YAML 1.1 reading is compared. Where the two agree nothing
 * changes, and nothing is worth a warning.
 */
import { parseDocument } from 'yaml';
import { strictUtf8Text } from '../formats/base64.js';
import { BINARY_TAG } from './parse.js';

const TAG_PREFIX = 'tag:yaml.org,2002:';

/**
 * The text of what YAML 1.2's core schema (and its `!!binary`, as UTF-8 text) makes of `text` under `tag`: an
 * integer in decimal, a float as JavaScript writes it, `true` or `false`, the string itself. Undefined when YAML 1.2
 * cannot read the text under that tag (`!!bool yes`, `!!int 1_000`), for a null, for bytes that are not text, and
 * for tags it does not know: then the written text is what the author means.
 */
export function yaml12Text(tag: string, text: string): string | undefined {
  if (!tag.startsWith(TAG_PREFIX)) return undefined;
  // The tag over a double-quoted copy of the text: the yaml package resolves an explicit tag whatever the style.
  const doc = parseDocument(`!!${tag.slice(TAG_PREFIX.length)} ${JSON.stringify(text)}`, { version: '1.2', intAsBigInt: true, customTags: [BINARY_TAG] });
  if (doc.errors.length > 0 || doc.warnings.length > 0) return undefined;
  const value: unknown = doc.contents && 'value' in doc.contents ? doc.contents.value : undefined;
  if (value instanceof Uint8Array) return strictUtf8Text(value);
  if (typeof value === 'string' || typeof value === 'bigint' || typeof value === 'boolean') return String(value);
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : undefined;
  return undefined;
}
