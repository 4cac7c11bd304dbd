/**
 * Change-aware linting: the previous versions a run compares with (`diff`'s OLD file, or every YAML file of the
 * repository at `--base REF`), which of them each linted object is an update of, and which diagnostics the change
 * introduced. A diagnostic is old when the previous version of the same object had one of the same rule at the same
 * data path (not the same line: edits above it move lines); counts matter, so a second one at the same place is new.
 */
import type { LintTarget } from '../engine/document.js';
import type { ForeignJudge } from '../engine/rule-plan.js';
import type { Diagnostic, FileResult } from '../engine/types.js';
import { objectsIn, OldObjects, pairVersions, slotOf, type ObjectVersion } from './objects.js';

export interface PreviousFiles {
  /** The previous text of a file (an old path), or undefined when it did not exist. */
  text(oldFile: string): string | undefined;
  /** Every old file that holds platform objects, for matching moved objects. */
  files(): readonly string[];
  /** The old path a linted file had: the same path at the base revision, or `diff`'s OLD file. */
  oldPathOf(newFile: string): string | undefined;
}

interface Slot {
  document: number;
  pointer: string;
}

function parseSlot(slot: string): Slot {
  const [document, pointer] = slot.split('\u0000');
  return { document: Number(document), pointer: pointer ?? '' };
}

/** The object a diagnostic belongs to: the one whose pointer is the longest prefix of the diagnostic's path. */
function ownerOf(d: Diagnostic, objects: readonly ObjectVersion[]): { object: ObjectVersion; rest: string } | undefined {
  let best: { object: ObjectVersion; rest: string } | undefined;
  let bestLength = -1;
  for (const object of objects) {
    const { document, pointer } = parseSlot(object.slot);
    if (document !== d.document) continue;
    if (d.path !== pointer && !d.path.startsWith(`${pointer}/`)) continue;
    if (pointer.length > bestLength) {
      best = { object, rest: d.path.slice(pointer.length) };
      bestLength = pointer.length;
    }
  }
  return best;
}

export class ChangeContext {
  /** Objects of other APIs the rules in force judge (a Deployment a policy checks): they are paired too. */
  foreign: ForeignJudge | undefined;
  private oldObjects: Map<string, ObjectVersion[]> | undefined;
  private index: OldObjects | undefined;
  private readonly pairsByFile = new Map<string, { news: ObjectVersion[]; pairs: Map<ObjectVersion, ObjectVersion> }>();

  constructor(private readonly previous: PreviousFiles) {}

  private olds(): Map<string, ObjectVersion[]> {
    if (!this.oldObjects) {
      this.oldObjects = new Map();
      for (const file of this.previous.files()) {
        const text = this.previous.text(file);
        if (text !== undefined) this.oldObjects.set(file, objectsIn(text, file, this.foreign));
      }
    }
    return this.oldObjects;
  }

  /** The engine's `previousOf` for one linted file. */
  previousFor(newFile: string, text: string): (target: LintTarget) => Readonly<Record<string, unknown>> | undefined {
    const news = objectsIn(text, newFile, this.foreign);
    const oldPath = this.previous.oldPathOf(newFile);
    this.index ??= new OldObjects([...this.olds().values()].flat());
    const pairs = pairVersions(this.index, news, oldPath);
    this.pairsByFile.set(newFile, { news, pairs });
    const bySlot = new Map([...pairs].map(([n, o]) => [n.slot, o.data]));
    return (target) => bySlot.get(slotOf(target));
  }

  /**
   * Sets `introduced` on every diagnostic of a linted file, suppressed ones included. `lintOld` lints a previous
   * file's text the way the new file was linted (same rules and settings, no transition rules); what the baseline or
   * an exception suppresses there was in the base revision all the same.
   */
  markIntroduced(result: FileResult, lintOld: (text: string, oldFile: string) => FileResult): void {
    const entry = this.pairsByFile.get(result.file);
    const oldPath = this.previous.oldPathOf(result.file);
    const oldFiles = new Set<string>([...(entry?.pairs.values() ?? [])].map((o) => o.file));
    if (oldPath !== undefined) oldFiles.add(oldPath);
    const baseline = new Map<string, number>();
    for (const oldFile of oldFiles) {
      const text = this.previous.text(oldFile);
      if (text === undefined) continue;
      const objects = this.olds().get(oldFile) ?? objectsIn(text, oldFile, this.foreign);
      const old = lintOld(text, oldFile);
      for (const d of [...old.diagnostics, ...(old.suppressed ?? [])]) {
        const owner = ownerOf(d, objects);
        const key = owner ? `${d.ruleId}\u0000${owner.object.file}\u0000${owner.object.slot}\u0000${owner.rest}` : `${d.ruleId}\u0000${oldFile}\u0000${d.document}\u0000${d.path}`;
        baseline.set(key, (baseline.get(key) ?? 0) + 1);
      }
    }
    for (const d of [...result.diagnostics, ...(result.suppressed ?? [])]) {
      const owner = entry ? ownerOf(d, entry.news) : undefined;
      const old = owner ? entry?.pairs.get(owner.object) : undefined;
      let key: string | undefined;
      if (owner && old) key = `${d.ruleId}\u0000${old.file}\u0000${old.slot}\u0000${owner.rest}`;
      else if (!owner && oldPath !== undefined) key = `${d.ruleId}\u0000${oldPath}\u0000${d.document}\u0000${d.path}`;
      const left = key === undefined ? 0 : (baseline.get(key) ?? 0);
      d.introduced = left === 0;
      if (key !== undefined && left > 0) baseline.set(key, left - 1);
    }
  }
}
