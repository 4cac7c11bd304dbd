/**
 * The one way platlint reads a file from disk: the files it lints and the files it reads for itself (configuration,
 * baseline, ignore files, policies and their test fixtures, the cache, the operands of `diff` and `patch`). Only
 * regular files are read: opening a FIFO with no writer would block forever and a device can be endless, so both
 * are refused in one line. A symbolic link is followed, and what it points to is judged. Platlint's own files also
 * have a size limit, so that a mistaken path cannot fill the memory.
 */
import { closeSync, constants, fstatSync, openSync, readFileSync, readSync, type Stats } from 'node:fs';
import { decodeSource } from '../engine/decode.js';

const MB = 1024 * 1024;

export interface SizeLimit {
  bytes: number;
  /** What the file is, in the refusal: "larger than 4 MB, the limit for a configuration file". */
  of: string;
}

/**
 * How large each kind of platlint's own files may be (docs/configuration.md lists them). Each is far above what the
 * file holds in a large repository: 4 MB of `.platlint.yaml` is some 40,000 exceptions, 64 MB of baseline some
 * 500,000 entries. Files to lint have only the limit of what Node.js reads at once (50 MB manifests are linted).
 */
export const SIZE_LIMITS = {
  config: { bytes: 4 * MB, of: 'a configuration file' },
  ignoreFile: { bytes: 4 * MB, of: 'an ignore file' },
  policy: { bytes: 16 * MB, of: 'a policy file' },
  baseline: { bytes: 64 * MB, of: 'a baseline' },
  cache: { bytes: 256 * MB, of: 'the cache' },
  /** A rule's doc page, and the archive of them all the package ships (55 KB gzipped). */
  ruleDocs: { bytes: 4 * MB, of: "platlint's rule documentation" },
  /** The operands of `diff` and `patch`, policy test fixtures: manifests read beside the files linted. */
  manifest: { bytes: 256 * MB, of: 'a manifest read for comparison' },
  /**
   * A file to lint, or stdin: the most Node.js reads into one buffer (readFileSync refuses more). Named, so that a
   * larger file, or an endless stdin (`< /dev/zero`), is refused in these words instead of Node's error code.
   */
  input: { bytes: 2 ** 31 - 1, of: 'a file to lint' },
} as const satisfies Record<string, SizeLimit>;

export type ReadResult = { bytes: Buffer } | { reason: string; notRegular: boolean };

function kindOf(stat: Stats): string {
  if (stat.isFIFO()) return 'a FIFO';
  if (stat.isSocket()) return 'a socket';
  if (stat.isCharacterDevice() || stat.isBlockDevice()) return 'a device';
  return 'a directory';
}

/** An operating system error in the words of `cannot read FILE: …` and `cannot write FILE: …`. */
export function ioReason(error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code;
  switch (code) {
    case 'ENOENT':
      return 'ENOENT: no such file or directory';
    case 'ENOTDIR':
      return 'ENOTDIR: a part of the path is not a directory';
    case 'EISDIR':
      return 'EISDIR: it is a directory';
    case 'EPERM':
      return 'EPERM: operation not permitted';
    case 'EMFILE':
      return 'EMFILE: too many open files';
    case 'ELOOP':
      return 'ELOOP: a loop of symbolic links';
    case 'EACCES':
      return 'EACCES: permission denied';
    case 'EFBIG':
      return 'EFBIG: file too large';
    case 'ENOSPC':
      return 'ENOSPC: no space left on device';
    case 'EDQUOT':
      return 'EDQUOT: disk quota exceeded';
    case 'EROFS':
      return 'EROFS: read-only file system';
    default:
      return code ?? (error as Error).message;
  }
}

/** A size as platlint's messages say it: `4 MB`, `1.25 MB` (to two decimals). */
export function megabytes(bytes: number): string {
  return `${Math.round((bytes / MB) * 100) / 100} MB`;
}

/** Reads what is there, up to one byte past the limit: a file that grows while it is read is still capped. */
function readCapped(fd: number, size: number, limit: number): Buffer | undefined {
  const chunks: Buffer[] = [];
  let total = 0;
  for (;;) {
    const chunk = Buffer.allocUnsafe(Math.min(Math.max(size + 1 - total, 8 * 1024), limit + 1 - total));
    const read = readSync(fd, chunk, 0, chunk.length, null);
    if (read === 0) return Buffer.concat(chunks, total);
    chunks.push(read === chunk.length ? chunk : chunk.subarray(0, read));
    total += read;
    if (total > limit) return undefined;
  }
}

/**
 * Files up to this size are read into one buffer of their size; larger ones, and those that say they are empty (as
 * /proc files do), as readFileSync reads them, with its own checks and errors.
 */
const MAX_SIZED_READ = 2 ** 30;

/**
 * The bytes of a regular file of the size fstat gave, read as readFileSync reads one (up to that size, or to an
 * early end), without the second fstat it makes: one system call less for each of thousands of small files.
 */
function readSized(fd: number, size: number): Buffer {
  const bytes = Buffer.allocUnsafe(size);
  let total = 0;
  while (total < size) {
    const read = readSync(fd, bytes, total, size - total, null);
    if (read === 0) break;
    total += read;
  }
  return total === size ? bytes : bytes.subarray(0, total);
}

/** Why a file or stdin is not read: `it is larger than 4 MB, the limit for a configuration file`. */
export function tooLarge(limit: SizeLimit): string {
  return `it is larger than ${megabytes(limit.bytes)}, the limit for ${limit.of}`;
}

/**
 * The bytes of a regular file, or why they cannot be read (`notRegular` for a FIFO, device, socket or directory).
 * `limit` caps the size; without one, as for files to lint, the limit is `SIZE_LIMITS.input`.
 */
export function readRegularFile(file: string, limit?: SizeLimit): ReadResult {
  let fd: number;
  try {
    // Non-blocking, so that opening a FIFO returns at once and fstat can say what it is.
    fd = openSync(file, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch (error) {
    return { reason: ioReason(error), notRegular: false };
  }
  try {
    const stat = fstatSync(fd);
    if (!stat.isFile()) return { reason: `it is ${kindOf(stat)}, not a regular file`, notRegular: true };
    if (stat.size > (limit ?? SIZE_LIMITS.input).bytes) return { reason: tooLarge(limit ?? SIZE_LIMITS.input), notRegular: false };
    if (!limit) return { bytes: stat.size > 0 && stat.size < MAX_SIZED_READ ? readSized(fd, stat.size) : readFileSync(fd) };
    const bytes = readCapped(fd, stat.size, limit.bytes);
    return bytes ? { bytes } : { reason: tooLarge(limit), notRegular: false };
  } catch (error) {
    return { reason: ioReason(error), notRegular: false };
  } finally {
    closeSync(fd);
  }
}

/**
 * The text of a manifest read beside the files linted (the operands of `diff` and `patch`, a policy test fixture and
 * its previous version), decoded as a linted file is, or why it cannot be read.
 */
export function readManifestText(file: string): { text: string } | { reason: string } {
  const read = readRegularFile(file, SIZE_LIMITS.manifest);
  if ('reason' in read) return { reason: read.reason };
  const decoded = decodeSource(read.bytes);
  return decoded.ok ? { text: decoded.text } : { reason: decoded.reason };
}
