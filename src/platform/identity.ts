/** How the server addresses an object: by apiVersion, kind, namespace and name. */
import { isRecord } from './data.js';

/** A string of an object's `metadata` (`name`, `namespace`, `uid`); an empty one counts as none. */
export function metadataString(data: Readonly<Record<string, unknown>>, key: string): string | undefined {
  const metadata = data['metadata'];
  const value = isRecord(metadata) ? metadata[key] : undefined;
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** The identity the server addresses an object by; an empty namespace is the same as none. */
export function identityOf(data: Readonly<Record<string, unknown>>): string | undefined {
  const name = metadataString(data, 'name');
  if (name === undefined) return undefined;
  return [String(data['apiVersion']), String(data['kind']), metadataString(data, 'namespace') ?? '', name].join('\u0000');
}

/** A readable form of an identity, for messages: `User jane-doe` or `User team-a/jane-doe`. */
export function describeIdentity(data: Readonly<Record<string, unknown>>): string {
  const namespace = metadataString(data, 'namespace');
  return `${String(data['kind'])} ${namespace ? `${namespace}/` : ''}${metadataString(data, 'name') ?? '(unnamed)'}`;
}
