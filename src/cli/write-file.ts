/**
 * The one way platlint writes a file (a fixed manifest, the baseline, the cache, `-o` reports, `init`'s starter
 * configuration): into a temporary file in the target's folder, renamed over the target once complete. A reader sees
 * the old file or the new one, never a part of either, and a write that fails half-way (a full disk, a quota, a
 * file-size limit: Node ignores SIGXFSZ, so a write past `ulimit -f` fails with EFBIG instead of ending the process)
 * removes the temporary file and leaves the old one as it was.
 */
import { closeSync, fchmodSync, fsyncSync, openSync, realpathSync, renameSync, statSync, unlinkSync, writeFileSync, type Stats } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { ioReason } from './read-file.js';

/** A write that did not happen, in one line: `cannot write FILE: REASON`. */
export class FileWriteError extends Error {}

export interface WriteOptions {
  /** The file as the error line names it; the path by default. */
  shown?: string;
  /**
   * Flush the data to the disk before the rename (the default), so that a crash right after it cannot leave an
   * empty file where the old one was. False for the cache, whose loss costs only time.
   */
  durable?: boolean;
}

/** Where a path leads: writing through a symbolic link writes the file it points to, and leaves the link. */
function destinationOf(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return path;
  }
}

/**
 * A file being written. Opened at once; `write` adds to it; `commit` puts it in place whole; `abort` (or a failure
 * of either) removes what was written. A target that exists but is not a regular file (a pipe such as `-o
 * >(jq .)`, `/dev/stdout`) has no content to keep and cannot be renamed over: it is written straight into.
 */
export class AtomicFile {
  private fd: number | undefined;
  /** The temporary file, renamed to `target` on commit; undefined when writing straight into the target. */
  private readonly temporary: string | undefined;
  private readonly target: string;
  /** A regular file was there: the error line says it is kept. */
  private readonly replacing: boolean;
  private readonly shown: string;
  private readonly durable: boolean;

  constructor(path: string, options: WriteOptions = {}) {
    this.shown = options.shown ?? path;
    this.durable = options.durable ?? true;
    this.target = destinationOf(path);
    let existing: Stats | undefined;
    try {
      existing = statSync(this.target, { throwIfNoEntry: false });
    } catch (error) {
      throw this.failed(error);
    }
    this.replacing = existing?.isFile() === true;
    if (existing?.isDirectory()) throw this.failed(Object.assign(new Error('EISDIR'), { code: 'EISDIR' }));
    try {
      if (existing && !existing.isFile()) {
        this.fd = openSync(this.target, 'w');
        return;
      }
      // Hidden, and not named *.yaml, so that a walk running meanwhile does not take it for a manifest.
      this.temporary = join(dirname(this.target), `.${basename(this.target)}.${randomBytes(6).toString('hex')}.tmp`);
      this.fd = openSync(this.temporary, 'wx');
      // The new file keeps the mode of the one it replaces (an executable script, a file only its owner reads).
      if (existing) fchmodSync(this.fd, existing.mode & 0o7777);
    } catch (error) {
      throw this.failed(error);
    }
  }

  write(data: string | Uint8Array): void {
    if (this.fd === undefined) return;
    try {
      // Node loops over partial writes itself.
      writeFileSync(this.fd, data);
    } catch (error) {
      throw this.failed(error);
    }
  }

  commit(): void {
    const fd = this.fd;
    if (fd === undefined) return;
    try {
      if (this.durable && this.temporary !== undefined) fsyncSync(fd);
      this.fd = undefined;
      closeSync(fd);
      if (this.temporary !== undefined) renameSync(this.temporary, this.target);
    } catch (error) {
      throw this.failed(error);
    }
  }

  /** Removes what was written; the target stays as it was. */
  abort(): void {
    if (this.fd !== undefined) {
      try {
        closeSync(this.fd);
      } catch {
        // Closing can only fail for a descriptor already gone.
      }
      this.fd = undefined;
    }
    if (this.temporary === undefined) return;
    try {
      unlinkSync(this.temporary);
    } catch {
      // Never created, or already renamed.
    }
  }

  private failed(error: unknown): FileWriteError {
    this.abort();
    return new FileWriteError(`cannot write ${this.shown}: ${ioReason(error)}${this.replacing ? ' (the old file is kept)' : ''}`);
  }
}

/** Writes a whole file, or throws `FileWriteError` and leaves the old one as it was. */
export function writeFileAtomic(path: string, data: string | Uint8Array, options: WriteOptions = {}): void {
  const file = new AtomicFile(path, options);
  file.write(data);
  file.commit();
}
