/**
 * The configuration file on disk: found from a directory upward, and read (a regular file of sane size) before
 * src/settings-file/load.ts reads its text.
 */
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { CONFIG_FILE_NAMES, ConfigError, loadConfigFile, type ConfigFile } from '../settings-file/load.js';
import { readRegularFile, SIZE_LIMITS } from './read-file.js';

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

/** Reads a config file; `text`, when given, is its content (an editor's unsaved buffer) instead of the disk's. */
export function readConfigFile(path: string, text?: string): ConfigFile {
  if (text !== undefined) return loadConfigFile(path, text);
  const read = readRegularFile(path, SIZE_LIMITS.config);
  if ('reason' in read) throw new ConfigError(`cannot read config file ${path}: ${read.reason}`);
  return loadConfigFile(path, read.bytes.toString('utf8'));
}
