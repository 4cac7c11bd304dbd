/**
 * The configuration file on disk: found from a directory upward, and read (a regular file of sane size) before
 * src/settings-file/load.ts reads its text; then the settings files its `extends` names, and theirs.
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { isPresetName } from '../engine/presets.js';
import { shown } from '../engine/message-text.js';
import { CONFIG_FILE_NAMES, ConfigError, extendsEntries, loadConfigFile, PROJECT_ONLY_KEYS, type ConfigFile } from '../settings-file/load.js';
import { isExplicitPath } from '../settings-file/schema.js';
import { readRegularFile, SIZE_LIMITS } from './read-file.js';

/** Settings files extending one another at most this deep: a chain longer than any organisation needs is a mistake. */
export const MAX_EXTENDS_DEPTH = 8;

/** The content of a file when it is not the disk's (an editor's unsaved buffer), else undefined. */
export type BufferReader = (absolute: string) => Uint8Array | undefined;

/** The nearest `.platlint.yaml` from a directory upward. */
export function findConfigFile(startDir: string): string | undefined {
  let dir = resolve(startDir);
  for (;;) {
    for (const name of CONFIG_FILE_NAMES) {
      const candidate = join(dir, name);
      if (existsSync(candidate)) return candidate;
    }
    const parent = dirname(dir);
    if (parent === dir) return undefined;
    dir = parent;
  }
}

/** A settings file's text: `readFile`'s (an editor's unsaved buffer) where it has it, else the disk's, checked as platlint's own files are. */
export function readSettingsText(path: string, readFile: BufferReader | undefined): { text: string } | { reason: string } {
  const buffer = readFile?.(path);
  if (buffer) return { text: Buffer.from(buffer).toString('utf8') };
  const read = readRegularFile(path, SIZE_LIMITS.config);
  return 'reason' in read ? read : { text: read.bytes.toString('utf8') };
}

/**
 * Reads a config file and the settings files it extends, from `readFile` (an editor's unsaved buffers) where it has
 * them, else from the disk. Only a config file that cannot be read, or is no YAML, throws: every other mistake, in it
 * or in a file it extends, is one of the `problems` of the file it is in.
 */
export function readConfigFile(path: string, readFile?: BufferReader): ConfigFile {
  const read = readSettingsText(path, readFile);
  if ('reason' in read) throw new ConfigError(`cannot read config file ${path}: ${read.reason}`);
  const file = loadConfigFile(path, read.text);
  readBases(file, [path], new Map(), readFile);
  return file;
}

/**
 * The file an `extends` entry names: a path relative to the file naming it; a bare name that is no file there
 * (`@acme/platlint-config/platlint.yaml`), a package's file, found as Node finds one from that folder (in the
 * `node_modules` folders upward, as npm installs shared settings). Nothing is run to find it.
 */
function extendedPath(entry: string, from: string): string {
  const relative = resolve(dirname(from), entry);
  if (isExplicitPath(entry) || existsSync(relative)) return relative;
  try {
    return createRequire(from).resolve(entry);
  } catch {
    return relative;
  }
}

/** Reads what a file's `extends` names beyond presets, and what those extend: each file once, no file twice in a chain. */
function readBases(file: ConfigFile, chain: readonly string[], loaded: Map<string, ConfigFile>, readFile: BufferReader | undefined): void {
  const bases = new Map<number, ConfigFile>();
  extendsEntries(file).forEach(({ entry, index, keyPath }) => {
    if (isPresetName(entry)) return;
    const mistake = (message: string): void => void file.problems.push(`${file.position(keyPath)}: ${keyPath.join('.')}: ${message}`);
    const absolute = extendedPath(entry, file.path);
    if (chain.includes(absolute)) return mistake(`${shown(entry)} is ${absolute === file.path ? 'this file' : 'a file that extends this one'}: settings files cannot extend one another in a circle`);
    if (chain.length >= MAX_EXTENDS_DEPTH) return mistake(`settings files extend one another more than ${MAX_EXTENDS_DEPTH} deep`);
    let base = loaded.get(absolute);
    if (!base) {
      const read = readSettingsText(absolute, readFile);
      if ('reason' in read) return mistake(`cannot read ${shown(entry)}: ${read.reason}`);
      try {
        base = loadConfigFile(absolute, read.text);
      } catch (error) {
        if (!(error instanceof ConfigError)) throw error;
        // Its YAML cannot be read: the lines are at their places in it.
        file.problems.push(...error.lines);
        return;
      }
      for (const key of PROJECT_ONLY_KEYS) {
        if (base[key] === undefined) continue;
        base.problems.push(`${base.position([key])}: ${key}: only the project's own settings file holds ${key}, not a file it extends`);
        delete base[key];
      }
      loaded.set(absolute, base);
      readBases(base, [...chain, absolute], loaded, readFile);
    }
    bases.set(index, base);
  });
  file.bases = bases;
}
