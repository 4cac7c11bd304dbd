/**
 * What names a platform object: its identity as the server addresses it (apiVersion, kind, namespace, name), which
 * pairs the versions of an object (src/change/), and the name a baseline entry or an exception gives it.
 */
import { isRecord } from './data.js';

function stringField(record: unknown, key: string): string | undefined {
  const value = isRecord(record) ? record[key] : undefined;
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** The object's `metadata.uid`, the server's own identity, which survives a rename in the manifest. */
export function uidOf(data: Readonly<Record<string, unknown>>): string | undefined {
  return stringField(data['metadata'], 'uid');
}

/** The identity the server addresses an object by, as one key; an empty namespace is the same as none. */
export function identityKey(data: Readonly<Record<string, unknown>>): string | undefined {
  const metadata = data['metadata'];
  const name = stringField(metadata, 'name');
  if (name === undefined) return undefined;
  return [String(data['apiVersion']), String(data['kind']), stringField(metadata, 'namespace') ?? '', name].join('\u0000');
}

/**
 * The object as a baseline entry or an exception names it: `User/jane`, or for an object without a name its kind,
 * document and place (`User#3/items/2`).
 */
export function objectName(kind: string, data: Readonly<Record<string, unknown>>, document: number, pointer: string): string {
  const name = stringField(data['metadata'], 'name');
  return name !== undefined ? `${kind}/${name}` : `${kind}#${document}${pointer}`;
}
