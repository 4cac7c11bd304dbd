import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readManifestText, readRegularFile } from '../../src/project/read-file.js';
import { mkfifo, tempTree } from '../helpers/files.js';

const LIMIT = { bytes: 1024 * 1024, of: 'a test file' };

/** Compared as bytes: a deep comparison of a megabyte is slow. */
function sameBytes(read: ReturnType<typeof readRegularFile>, expected: Buffer): boolean {
  return 'bytes' in read && read.bytes.equals(expected);
}

describe('readRegularFile', () => {
  const dir = tempTree('platlint-read-', { 'small.yaml': 'a: 1\n', 'loop-a': '' });

  it('reads a regular file up to its limit, and through a symbolic link', () => {
    writeFileSync(join(dir, 'exact.txt'), Buffer.alloc(LIMIT.bytes, 0x61));
    symlinkSync('small.yaml', join(dir, 'link.yaml'));
    expect(readRegularFile(join(dir, 'small.yaml'), LIMIT)).toEqual({ bytes: Buffer.from('a: 1\n') });
    expect(readRegularFile(join(dir, 'link.yaml'), LIMIT)).toEqual({ bytes: Buffer.from('a: 1\n') });
    expect(sameBytes(readRegularFile(join(dir, 'exact.txt'), LIMIT), Buffer.alloc(LIMIT.bytes, 0x61))).toBe(true);
  });

  it('refuses a file over its limit, and reads it without one', () => {
    writeFileSync(join(dir, 'large.txt'), Buffer.alloc(LIMIT.bytes + 1));
    expect(readRegularFile(join(dir, 'large.txt'), LIMIT)).toEqual({ reason: 'it is larger than 1 MB, the limit for a test file', notRegular: false });
    expect(sameBytes(readRegularFile(join(dir, 'large.txt')), Buffer.alloc(LIMIT.bytes + 1))).toBe(true);
  });

  it('refuses, without blocking, what is not a regular file: a FIFO, a device, a link to one, a folder', () => {
    mkfifo(join(dir, 'fifo'));
    symlinkSync('/dev/zero', join(dir, 'zero'));
    mkdirSync(join(dir, 'folder'));
    expect(readRegularFile(join(dir, 'fifo'), LIMIT)).toEqual({ reason: 'it is a FIFO, not a regular file', notRegular: true });
    expect(readRegularFile('/dev/zero')).toEqual({ reason: 'it is a device, not a regular file', notRegular: true });
    expect(readRegularFile(join(dir, 'zero'), LIMIT)).toEqual({ reason: 'it is a device, not a regular file', notRegular: true });
    expect(readRegularFile(join(dir, 'folder'), LIMIT)).toEqual({ reason: 'it is a directory, not a regular file', notRegular: true });
  });

  it('says why a path cannot be opened', () => {
    symlinkSync('loop-b', join(dir, 'loop-c'));
    symlinkSync('loop-c', join(dir, 'loop-b'));
    expect(readRegularFile(join(dir, 'missing'), LIMIT)).toEqual({ reason: 'ENOENT: no such file or directory', notRegular: false });
    expect(readRegularFile(join(dir, 'loop-b'), LIMIT)).toEqual({ reason: 'ELOOP: a loop of symbolic links', notRegular: false });
    writeFileSync(join(dir, 'plain'), 'a: 1\n');
    expect(readRegularFile(join(dir, 'plain', 'inside.yaml'), LIMIT)).toEqual({ reason: 'ENOTDIR: a part of the path is not a directory', notRegular: false });
  });
});

describe('readManifestText', () => {
  it('decodes as a linted file is decoded, or says why not', () => {
    const dir = tempTree('platlint-read-', { 'bom.yaml': '\ufeffa: 1\n', 'binary.yaml': 'a\u0000b' });
    expect(readManifestText(join(dir, 'bom.yaml'))).toEqual({ text: 'a: 1\n' });
    expect(readManifestText(join(dir, 'binary.yaml'))).toEqual({ reason: 'the file is binary (it contains NUL bytes), not YAML' });
    expect(readManifestText('/dev/zero')).toEqual({ reason: 'it is a device, not a regular file' });
  });
});
