/**
 * Exceptions: deliberate, reviewed deviations written in `.platlint.yaml`, each with its reason and maybe an expiry
 * date. They are scoped by rule (ids or globs, former ids too), and optionally by file, object and data path.
 */
import { globMatches } from '../engine/globs.js';
import { ruleIdMatches } from '../engine/settings.js';
import type { DiagnosticSubject } from '../engine/reporter.js';
import { toPointer } from '../engine/locator.js';
import type { ExceptionEntry } from '../settings-file/load.js';

/** A dotted data path as a JSON Pointer; a JSON Pointer as it is. */
function pointerOf(path: string): string {
  if (path === '' || path.startsWith('/')) return path;
  return toPointer(path.split('.'));
}

/** Whether the exception's last day is before `today` (`YYYY-MM-DD`, compared as text). */
export function isExpired(entry: Pick<ExceptionEntry, 'expires'>, today: string): boolean {
  return entry.expires !== undefined && entry.expires < today;
}

/** One exception, ready to match the diagnostics of one file at a time. */
export class ExceptionMatcher {
  private readonly pointers: string[] | undefined;

  constructor(readonly entry: ExceptionEntry) {
    this.pointers = entry.paths?.map(pointerOf);
  }

  /** Whether the exception can apply in a file, by its path relative to the configuration file's folder. */
  coversFile(relativePath: string): boolean {
    return this.entry.files === undefined || globMatches(relativePath, this.entry.files, { dot: true });
  }

  matches(ruleId: string, subject: DiagnosticSubject): boolean {
    if (!this.entry.rules.some((pattern) => ruleIdMatches(pattern, ruleId))) return false;
    if (this.entry.objects && !globMatches(subject.object, this.entry.objects)) return false;
    return this.pointers === undefined || this.pointers.some((p) => subject.pointer === p || subject.pointer.startsWith(`${p}/`));
  }
}

/** Today's date in UTC, as exceptions write their expiry. */
export function todayUtc(now = new Date()): string {
  return now.toISOString().slice(0, 10);
}
