import type { Hash } from 'node:crypto';
import { createRequire } from 'node:module';

let loaded: typeof import('node:crypto') | undefined;

/**
 * node:crypto, loaded on first use: most runs hash nothing and parse no certificate, and loading it costs every
 * start, and every lint worker thread, a few milliseconds.
 */
export function nodeCrypto(): typeof import('node:crypto') {
  loaded ??= createRequire(import.meta.url)('node:crypto') as typeof import('node:crypto');
  return loaded;
}

/** A SHA-256 hash (baseline message hashes, cache keys, report fingerprints). */
export function sha256(): Hash {
  return nodeCrypto().createHash('sha256');
}
