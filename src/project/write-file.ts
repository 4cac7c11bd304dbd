/**
 * The one way platlint writes a file (a fixed manifest, the baseline, the cache, `-o` reports, `init`'s starter
 * configuration): into a temporary file in the target's folder, renamed over the target once complete. A reader sees
 * the old file or the new one, never a part of either, and a write that fails half-way (a full disk, a quota, a
 * file-size limit: Node ignores SIGXFSZ, so a write past `ulimit -f` fails with EFBIG instead of ending the process)
 * removes the temporary file and leaves the old one as it was.
 */
import { closeSync, fchmodSync, fchownSync, fsyncSync, lstatSync, mkdirSync, openSync, realpathSync, renameSync, statSync, unlinkSync, writeFileSync, type Stats } from 'node:fs';
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
  /**
   * A symbolic link at the path is written through, into the regular file it points to, and kept: for the files
   * that are the repository's content (a manifest `--fix` fixes, the baseline), which a link may share. Otherwise
   * (platlint's own outputs: the cache, reports, `init`'s file) the link itself is replaced by the new file and what
   * it points to is never written: a link committed to a repository must not aim platlint's writes at another file.
   */
  throughLinks?: boolean;
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
      // The regular file the new one takes the place of. A link is followed only with `throughLinks`: the file it
      // points to is then replaced, and the link stays; otherwise the link itself is replaced, as by a new file.
      const replaced = existing && (options.throughLinks === true || !lstatSync(path).isSymbolicLink()) ? existing : undefined;
      if (replaced) this.target = realpathSync.native(path);
      // Hidden, and not named *.yaml, so that a walk running meanwhile does not take it for a manifest.
      this.temporary = join(dirname(this.target), `.${basename(this.target)}.${randomHex(6)}.tmp`);
      this.fd = openSync(this.temporary, 'wx');
      if (options.mode !== undefined) fchmodSync(this.fd, options.mode);
      else if (replaced) keepOwnerAndMode(this.fd, replaced);
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

/**
 * Creates the folders above a file platlint writes (`-o reports/out.sarif` in a fresh CI checkout), or throws the
 * `FileWriteError` that names the part of the path in the way: mkdir's EEXIST and ENOTDIR say only that one is.
 * `written` is the file as the user wrote it, whose folders the line names (`shown` may have words before it).
 */
export function makeFolderOf(path: string, shown: string, written = shown): void {
  try {
    mkdirSync(dirname(path), { recursive: true });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const blocker = code === 'EEXIST' || code === 'ENOTDIR' ? notDirectoryAbove(path, written) : undefined;
    throw new FileWriteError(`cannot write ${shown}: ${blocker === undefined ? ioReason(error) : `${blocker} is not a directory`}`);
  }
}

/** The highest folder of `path` that exists and is not a directory (a file, a dangling link), named as in `written`. */
function notDirectoryAbove(path: string, written: string): string | undefined {
  const levels: [string, string][] = [];
  for (let [dir, name] = [dirname(path), dirname(written)]; dir !== dirname(dir); [dir, name] = [dirname(dir), dirname(name)]) levels.unshift([dir, name]);
  try {
    for (const [dir, name] of levels) {
      if (lstatSync(dir, { throwIfNoEntry: false }) === undefined) return undefined;
      // A folder above the path as written (its "." or "/") is named by its absolute path.
      if (statSync(dir, { throwIfNoEntry: false })?.isDirectory() !== true) return name === '.' || name === dirname(name) ? dir : name;
    }
  } catch {
    // A folder that cannot be looked at (no permission): mkdir's own reason is said instead.
  }
  return undefined;
}

/** Writes a whole file, or throws `FileWriteError` and leaves the old one as it was. */
export function writeFileAtomic(path: string, data: string | Uint8Array, options: WriteOptions = {}): void {
  const file = new AtomicFile(path, options);
  file.write(data);
  file.commit();
}
