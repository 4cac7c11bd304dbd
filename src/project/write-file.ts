/**
 * The one way platlint writes a file (a fixed manifest, the baseline, the cache, `-o` reports, `init`'s starter
 * configuration): into a temporary file in the target's folder, renamed over the target once complete. A reader sees
 * the old file or the new one, never a part of either, and a write that fails half-way (a full disk, a quota, a
 * file-size limit: Node ignores SIGXFSZ, so a write past `ulimit -f` fails with EFBIG instead of ending the process)
 * removes the temporary file and leaves the old one as it was.
 */
import { closeSync, fchmodSync, fchownSync, fsyncSync, openSync, realpathSync, renameSync, statSync, unlinkSync, writeFileSync, type Stats } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { randomHex } from './node-host.js';
import { ioReason } from './read-file.js';

/** A write that did not happen, in one line: `cannot write FILE: REASON`. */
export class FileWriteError extends Error {}

export interface WriteOptions {
  /** The file as the error line names it; the path by default. */
  shown?: string;
  /**
   * Flush the data to the disk before the rename (the default), so that a crash right after it cannot leave an
   * empty file where the old one was. False for the cache and the reports, whose loss costs only a run.
   */
  durable?: boolean;
  /** The file's mode; by default the replaced file's (and owner's), or what the umask leaves for a new file. */
  mode?: number;
}

/**
 * The new file keeps the mode of the one it replaces (an executable script, a file only its owner reads) and, where
 * the process may give it (run as root), its owner and group.
 */
function keepOwnerAndMode(fd: number, old: Stats): void {
  try {
    fchownSync(fd, old.uid, old.gid);
  } catch {
    // Only root may give a file away: the file is the writer's, as any file it creates.
  }
  // After the owner: changing it clears the set-user-ID and set-group-ID bits.
  fchmodSync(fd, old.mode & 0o7777);
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
  private readonly replacing: boolean = false;
  private readonly shown: string;
  private readonly durable: boolean;

  constructor(path: string, options: WriteOptions = {}) {
    this.shown = options.shown ?? path;
    this.durable = options.durable ?? true;
    this.target = path;
    try {
      const existing = statSync(path, { throwIfNoEntry: false });
      this.replacing = existing?.isFile() === true;
      if (existing?.isDirectory()) throw Object.assign(new Error('EISDIR'), { code: 'EISDIR' });
      if (existing && !existing.isFile()) {
        this.fd = openSync(path, 'w');
        return;
      }
      // Through a symbolic link, the file it points to is replaced, and the link stays.
      if (existing) this.target = realpathSync.native(path);
      // Hidden, and not named *.yaml, so that a walk running meanwhile does not take it for a manifest.
      this.temporary = join(dirname(this.target), `.${basename(this.target)}.${randomHex(6)}.tmp`);
      this.fd = openSync(this.temporary, 'wx');
      if (options.mode !== undefined) fchmodSync(this.fd, options.mode);
      else if (existing) keepOwnerAndMode(this.fd, existing);
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
