import { isMap, isScalar, isSeq, type Node } from 'yaml';
import type { LintTarget } from './document.js';
import type { FixOperation, TextEdit } from './types.js';
import { lineStart, nextLineStart } from '../yaml/lines.js';

// Directives that govern the lines after them, unlike `platlint-disable-line`, which goes with its line.
const RANGE_DIRECTIVE = /(?:^|\s)(#\s*platlint-(?:disable-next-line|disable-file|disable|enable)\b[^\n]*)/;

/**
 * What stays of removed lines: a `# platlint-disable`/`enable`/`disable-next-line` comment on them is about the
 * lines that follow, so it stays on a line of its own, indented like the entry. Other comments on a removed entry
 * describe it and go with it (docs/rules.md, "Fixes").
 */
function keptComments(removed: string, indent: string): string {
  let kept = '';
  for (const line of removed.split('\n')) {
    const directive = RANGE_DIRECTIVE.exec(line.replace(/\r$/, ''))?.[1];
    if (directive) kept += `${indent}${directive.trimEnd()}${removed.includes('\r\n') ? '\r\n' : '\n'}`;
  }
  return kept;
}

function renderScalar(value: string | number | boolean, quote: boolean | undefined): string {
  if (typeof value !== 'string') return String(value);
  return quote ? JSON.stringify(value) : value;
}

/**
 * Turns a structural fix into text edits on the file. Only block-style edits whose extent is certain are made, in
 * the file's own text or, through its literal block, in an embedded `spec.raw`; anything else (flow collections,
 * embedded text that cannot be mapped line by line) yields no edit, so the fix is simply not offered rather than
 * risking a corrupted file.
 */
export function fixToEdits(target: LintTarget, fileText: string, fix: FixOperation): TextEdit[] | undefined {
  const nodes = target.nodesOf(fix.path);
  if (!nodes) return undefined;
  const { block } = nodes.space;
  const edit = editOf(nodes, block ? nodes.space.text : fileText, fix);
  if (!edit || !block) return edit && [edit];
  const fileEdit = block.fileEdit(edit);
  return fileEdit && [fileEdit];
}

/** The edit of a fix in the text the nodes were read from. */
function editOf({ key, value, parent }: { key?: Node; value?: Node | null; parent?: Node | null }, text: string, fix: FixOperation): TextEdit | undefined {
  switch (fix.op) {
    case 'rename-key': {
      if (!key?.range || !isScalar(key)) return undefined;
      return { start: key.range[0], end: key.range[1], text: fix.to };
    }
    case 'set-scalar': {
      if (!isScalar(value) || !value.range) return undefined;
      return { start: value.range[0], end: value.range[1], text: renderScalar(fix.value, fix.quote) };
    }
    case 'remove': {
      if ((isMap(parent) || isSeq(parent)) && parent.flow) return undefined;
      const startNode: Node | undefined = key ?? (value ?? undefined);
      if (!startNode?.range) return undefined;
      const endNode = value ?? key;
      const from = isSeq(parent) ? text.lastIndexOf('-', startNode.range[0]) : startNode.range[0];
      const start = lineStart(text, from);
      if (text.slice(start, from).trim() !== '') return undefined;
      const end = nextLineStart(text, Math.max((endNode?.range?.[1] ?? startNode.range[1]) - 1, startNode.range[1] - 1));
      // A mapping or list left with no entries would change type (`{}` becomes null); leave that to a person.
      if ((isMap(parent) || isSeq(parent)) && parent.items.length <= 1) return undefined;
      return { start, end, text: keptComments(text.slice(start, end), text.slice(start, from)) };
    }
  }
}
