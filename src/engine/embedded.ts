/**
 * The platform configuration kept inside another file (issue 29): the `config:` block of a deployment values file,
 * or a Secret's key holding it as YAML text (`stringData.config`) or as base64 of that text (`data.config`).
 * `.platlint.yaml` names such places (`embedded: [{files, at, as}]`); this module describes them and recognises,
 * in a file that is skipped, a value that looks like the configuration, to suggest the entry to add.
 */
import { CONFIG_SECTIONS } from '../platform/enumerations.js';
import { isRecord } from '../platform/data.js';
import { base64Text } from '../formats/base64.js';
import { toPointer } from './locator.js';
import { objectScope } from './scope.js';
import type { DataPath } from './types.js';
import { readYaml } from './read-yaml.js';

/** One `embedded` entry resolved for a file: where the configuration is, and what it is linted as. */
export interface EmbeddedSource {
  /** Keys from the document's root to the value. */
  at: readonly string[];
  /** The only kind for now: the value is linted as a Config's content, as its `status` is. */
  as: 'Config';
}

/** Where an embedded configuration sits in its file, for what keys diagnostics by object (a baseline, exceptions). */
export interface EmbeddedPlace {
  at: readonly string[];
  /** JSON Pointer of the value in its document (`/stringData/config`). */
  pointer: string;
}

export function embeddedPlace(source: EmbeddedSource): EmbeddedPlace {
  return { at: source.at, pointer: toPointer(source.at) };
}

/** `at` as `.platlint.yaml` writes it: a dot path, or a list of keys when a key holds a dot. */
export function atText(at: readonly string[]): string {
  return at.some((key) => key.includes('.') || key === '') ? `[${at.join(', ')}]` : at.join('.');
}

/**
 * Whether a document keeps the value at `at` as base64: a Secret's `data` and a ConfigMap's `binaryData` do; a
 * ConfigMap's `data` is text, as is every other place.
 */
export function isBase64Place(document: unknown, at: DataPath): boolean {
  if (at.length !== 2 || !isRecord(document)) return false;
  const kind = document['kind'];
  return (kind === 'Secret' && at[0] === 'data') || (kind === 'ConfigMap' && at[0] === 'binaryData');
}

const SECTIONS: ReadonlySet<string> = new Set(CONFIG_SECTIONS);

/** A mapping with at least two of the configuration's top-level sections (`auth`, `audit`, `vault`…). */
export function looksLikePlatformConfig(value: unknown): boolean {
  if (!isRecord(value)) return false;
  let sections = 0;
  for (const key of Object.keys(value)) if (SECTIONS.has(key) && ++sections >= 2) return true;
  return false;
}

/** Longer strings are not parsed to look for a configuration: a skipped file must stay cheap to skip. */
const CANDIDATE_TEXT_LIMIT = 256 * 1024;

function parsesAsPlatformConfig(text: string): boolean {
  // A cheap test first: most strings of a file are no YAML mapping at all.
  if (text.length > CANDIDATE_TEXT_LIMIT || !text.includes(':')) return false;
  const [document] = readYaml(text).documents;
  return document !== undefined && looksLikePlatformConfig(document.data);
}

function decodeBase64(text: string): string | undefined {
  const compact = text.replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/]+=*$/.test(compact)) return undefined;
  return base64Text(compact);
}

/**
 * In a document that is not a platform object, the place of a value that looks like the platform configuration:
 * a top-level key's mapping, or a Secret's `stringData`/`data` key holding it as text.
 */
export function embeddedCandidate(data: unknown): readonly string[] | undefined {
  if (!isRecord(data)) return undefined;
  if (data['kind'] === 'Secret') {
    for (const section of ['stringData', 'data'] as const) {
      const entries = data[section];
      if (!isRecord(entries)) continue;
      for (const [key, value] of Object.entries(entries)) {
        if (typeof value !== 'string') continue;
        const text = isBase64Place(data, [section, key]) ? decodeBase64(value) : value;
        if (text !== undefined && parsesAsPlatformConfig(text)) return [section, key];
      }
    }
    return undefined;
  }
  for (const [key, value] of Object.entries(data)) if (looksLikePlatformConfig(value)) return [key];
  return undefined;
}

/** The `embedded` entry that would lint a candidate, as one flow-style line of `.platlint.yaml`. */
export function embeddedEntryText(file: string, at: readonly string[]): string {
  return `{files: [${file}], at: ${atText(at)}}`;
}

/** The skip reason of a document holding a candidate: what it looks like and the entry to add. */
export function embeddedHint(reason: string, file: string, at: readonly string[]): string {
  return `${reason}; ${atText(at)} looks like the platform configuration: to lint it, add to .platlint.yaml: embedded: [${embeddedEntryText(file, at)}]`;
}

/** The candidates of a file's text, one per document that is no platform object and holds one. */
export function embeddedCandidatesIn(text: string): (readonly string[])[] {
  const found: (readonly string[])[] = [];
  for (const { data } of readYaml(text).documents) {
    if (isRecord(data) && objectScope(data).linted) continue;
    const at = embeddedCandidate(data);
    if (at && !found.some((other) => atText(other) === atText(at))) found.push(at);
  }
  return found;
}
