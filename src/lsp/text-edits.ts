import { diffLines } from 'diff';
import type { TextEdit } from '../engine/types.js';

/** Beyond this many changed lines a diff costs more than it saves: the text is replaced whole. */
const MAX_EDIT_LENGTH = 2_000;

/**
 * The edits that turn `before` into `after`, each as small as it can be: changed lines found by a line diff, then
 * trimmed to what differs inside them. An editor applying them keeps the cursor, marks and folds of untouched text.
 */
export function minimalEdits(before: string, after: string): TextEdit[] {
  if (before === after) return [];
  const changes = diffLines(before, after, { maxEditLength: MAX_EDIT_LENGTH });
  if (!changes) return [{ start: 0, end: before.length, text: after }];
  const edits: TextEdit[] = [];
  let offset = 0;
  let hunk: { start: number; removed: string; added: string } | undefined;
  const flush = (): void => {
    if (!hunk) return;
    const { removed, added } = hunk;
    let prefix = 0;
    while (prefix < removed.length && prefix < added.length && removed[prefix] === added[prefix]) prefix++;
    let suffix = 0;
    while (suffix < removed.length - prefix && suffix < added.length - prefix && removed[removed.length - 1 - suffix] === added[added.length - 1 - suffix]) suffix++;
    edits.push({ start: hunk.start + prefix, end: hunk.start + removed.length - suffix, text: added.slice(prefix, added.length - suffix) });
    hunk = undefined;
  };
  for (const change of changes) {
    if (!change.added && !change.removed) {
      flush();
      offset += change.value.length;
      continue;
    }
    hunk ??= { start: offset, removed: '', added: '' };
    if (change.removed) {
      hunk.removed += change.value;
      offset += change.value.length;
    } else {
      hunk.added += change.value;
    }
  }
  flush();
  return edits;
}
