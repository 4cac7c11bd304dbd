/**
 * What the CLI, its lint workers and the language server bring to the platform-neutral core from Node: hashing and
 * certificates (node:crypto), and random names for the files platlint writes. node:crypto is loaded on first use:
 * most runs hash nothing, parse no certificate and write no file, and loading it costs every start, and every lint
 * worker thread, a few milliseconds.
 */
import type { Hash } from 'node:crypto';
import { createRequire } from 'node:module';
import { installCertificateReader } from '../formats/certificate-reader.js';

let loaded: typeof import('node:crypto') | undefined;

function nodeCrypto(): typeof import('node:crypto') {
  loaded ??= createRequire(import.meta.url)('node:crypto') as typeof import('node:crypto');
  return loaded;
}

/** A SHA-256 hash (baseline message hashes, cache keys, report fingerprints). */
export function sha256(): Hash {
  return nodeCrypto().createHash('sha256');
}

/** `bytes` random bytes in hex (the names of temporary files). */
export function randomHex(bytes: number): string {
  return nodeCrypto().randomBytes(bytes).toString('hex');
}

/** The hex SHA-256 of the parts, each ended by a NUL so that no two lists of parts hash alike. */
export function hashText(...parts: readonly (string | Uint8Array)[]): string {
  const hash = sha256();
  for (const part of parts) hash.update(part).update('\u0000');
  return hash.digest('hex');
}

function isNodeCertificate(der: Uint8Array): boolean {
  try {
    new (nodeCrypto().X509Certificate)(der);
    return true;
  } catch {
    return false;
  }
}

/**
 * Installs Node's services in the core: the project layer's entries call it (loading a rule set, checking a policy
 * fixture), so that the CLI, its lint workers and the language server lint with them.
 */
export function useNodeHost(): void {
  installCertificateReader(isNodeCertificate);
}
