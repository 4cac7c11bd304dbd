import { Scalar } from 'yaml';
import { goTrimRight } from '../formats/go-text.js';
import type { TextEdit } from '../rule-model/types.js';

/**
 * A literal block scalar (`raw: |`) holding YAML text, seen from both sides: offsets of its value and offsets of the
 * file. Diagnostics inside the embedded text land on the file's own lines, and a fix made on the embedded text
 * becomes an edit of the file.
 */
export interface LiteralBlock {
  /** The file offset of an offset of the value. */
  toFile(offset: number): number;
  /** File offsets of the block's lines after its header, end exclusive. */
  body: readonly [number, number];
  /**
   * The edit of the file that makes an edit of the value: lines it writes are indented as the block's. Undefined when
   * the block would not keep it so (its indentation would change, or a line would end the block).
   */
  fileEdit(edit: TextEdit): TextEdit | undefined;
  /**
   * Whether an edit of the file within the body (one that writes no line break) leaves a literal block of the same
   * indentation whose value is the old one edited alike.
   */
  keeps(edit: TextEdit): boolean;
}

interface BlockLine {
  /** Where the line starts in the file, and where its content starts (after the block's indentation). */
  lineStart: number;
  contentStart: number;
  /** Where the line starts in the value. */
  valueStart: number;
  /** Its leading spaces, or -1 for a line of white space only. */
  spaces: number;
}

/** The index of the last of `lines` starting at or before `offset`, of the value or of the file. */
function lineIndexAt(lines: readonly BlockLine[], offset: number, side: 'valueStart' | 'lineStart'): number {
  let lo = 0;
  let hi = lines.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if ((lines[mid]?.[side] ?? 0) <= offset) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** A line's leading spaces, or -1 for a line of white space only. */
function leadingSpaces(line: string): number {
  return line.trim() === '' ? -1 : (/^ */.exec(line)?.[0].length ?? 0);
}

/** How a block of this indentation reads lines: whether they stay in it, and the value they hold. */
interface Reading {
  indent: number;
  /** An indentation indicator is written: the first line with content sets nothing. */
  explicit: boolean;
}

/**
 * The value that lines of a block's body hold, or undefined when they are not lines of a block of this indentation: a
 * line less indented ends the block, and without an indentation indicator the first line with content sets it (blank
 * lines before it may not be longer). `seenContent`: a line before these has content.
 */
function valueOfLines(text: string, { indent, explicit }: Reading, seenContent: boolean): { value: string; content: boolean } | undefined {
  if (text === '') return { value: '', content: false };
  const lines = text.split('\n').map((line) => line.replace(/\r$/, ''));
  const lastBreak = lines[lines.length - 1] === '';
  if (lastBreak) lines.pop();
  let content = false;
  for (const line of lines) {
    const spaces = leadingSpaces(line);
    if (spaces < 0) {
      if (!seenContent && !content && !explicit && line.length > indent) return undefined;
      continue;
    }
    if (spaces < indent || (!seenContent && !content && !explicit && spaces !== indent)) return undefined;
    content = true;
  }
  const value = lines.map((line) => line.slice(indent)).join('\n');
  return { value: lastBreak ? `${value}\n` : value, content };
}

/**
 * The literal block a scalar is, or undefined for styles whose value is not a line-by-line copy of the source
 * (folded, quoted, plain), where callers report at the scalar and make no edit.
 */
export function literalBlockOf(fileText: string, node: Scalar): LiteralBlock | undefined {
  if (node.type !== Scalar.BLOCK_LITERAL || !node.range || typeof node.value !== 'string') return undefined;
  const [start, end] = node.range;
  const headerEnd = fileText.indexOf('\n', start);
  if (headerEnd < 0 || headerEnd >= end) return undefined;
  const header = fileText.slice(start, headerEnd);
  // The indicator is relative to the parent's indentation: either way the first content line shows the indentation.
  const explicit = /^[|][+-]?[1-9]|^[|][1-9][+-]?/.test(header);
  const texts: { lineStart: number; text: string }[] = [];
  for (let pos = headerEnd + 1; pos < end; ) {
    let next = fileText.indexOf('\n', pos);
    if (next < 0 || next > end) next = end;
    texts.push({ lineStart: pos, text: fileText.slice(pos, next).replace(/\r$/, '') });
    pos = next + 1;
  }
  const firstContent = texts.findIndex((l) => l.text.trim() !== '');
  const first = texts[firstContent];
  if (!first) return undefined;
  const reading: Reading = { indent: first.text.length - first.text.trimStart().length, explicit };
  const { indent } = reading;
  const lines: BlockLine[] = [];
  let rebuilt = '';
  for (const { lineStart, text } of texts) {
    lines.push({ lineStart, contentStart: lineStart + Math.min(indent, text.length), valueStart: rebuilt.length, spaces: leadingSpaces(text) });
    rebuilt += text.slice(indent) + '\n';
  }
  // Chomping may drop or keep trailing newlines; the content itself must agree or we do not trust the map.
  const comparable = goTrimRight(node.value, '\n');
  if (!rebuilt.startsWith(comparable)) return undefined;
  // Errors "at the end of input" point past the content; the last character is where a reader looks.
  const last = Math.max(0, comparable.length - 1);
  const bodyStart = headerEnd + 1;
  const endsWithBreak = fileText[end - 1] === '\n';
  const lineBreak = fileText.slice(bodyStart, end).includes('\r\n') ? '\r\n' : '\n';
  const pad = ' '.repeat(indent);

  const toFile = (position: number): number => {
    const offset = Math.min(position, last);
    const line = lines[lineIndexAt(lines, offset, 'valueStart')];
    return line ? line.contentStart + (offset - line.valueStart) : start;
  };
  /** A value offset as a file offset for an edit: the end of the value is the end of the body. */
  const editOffset = (offset: number): number => {
    if (offset >= rebuilt.length) return end;
    const line = lines[lineIndexAt(lines, offset, 'valueStart')];
    return line ? line.contentStart + (offset - line.valueStart) : end;
  };
  /** A file offset of the body as an offset of the value: an offset in a line's indentation is its start. */
  const valueOffset = (offset: number): number => {
    if (offset >= end) return rebuilt.length;
    const line = lines[lineIndexAt(lines, offset, 'lineStart')];
    return line ? line.valueStart + Math.max(0, offset - line.contentStart) : 0;
  };
  /**
   * Whether the file edit leaves a block of this indentation whose value is the value edited by `valueEdit`. Only the
   * lines the edit touches are read again (and, when it takes out the first lines with content, those up to the next
   * line with content, which then sets the indentation): a block of many lines gets many fixes.
   */
  const holds = (edit: TextEdit, valueEdit: TextEdit): boolean => {
    if (indent === 0 || edit.start < bodyStart || edit.end > end || edit.start > edit.end) return false;
    const from = lineIndexAt(lines, edit.start, 'lineStart');
    const to = edit.end >= end ? lines.length : lineIndexAt(lines, edit.end, 'lineStart') + 1;
    const fromLine = lines[from];
    if (!fromLine) return false;
    const regionEnd = lines[to]?.lineStart ?? end;
    const region = fileText.slice(fromLine.lineStart, edit.start) + edit.text + fileText.slice(edit.end, regionEnd);
    const read = valueOfLines(region, reading, firstContent < from);
    if (!read) return false;
    const valueEnd = lines[to]?.valueStart ?? rebuilt.length;
    const expected = rebuilt.slice(fromLine.valueStart, valueEdit.start) + valueEdit.text + rebuilt.slice(valueEdit.end, valueEnd);
    if (to < lines.length) {
      if (read.value !== expected) return false;
      if (firstContent >= from && !read.content) {
        if (explicit) return true;
        for (let i = to; i < lines.length; i++) {
          const spaces = lines[i]?.spaces ?? -1;
          if (spaces >= 0) return spaces === indent;
          if ((texts[i]?.text.length ?? 0) > indent) return false;
        }
        return false;
      }
      return true;
    }
    // To the end of the block: the last line break ends the line before what follows, and some content stays.
    if (endsWithBreak && region !== '' && !region.endsWith('\n')) return false;
    if (firstContent >= from && !read.content) return false;
    return goTrimRight(read.value, '\n') === goTrimRight(expected, '\n');
  };

  return {
    toFile,
    body: [bodyStart, end],
    fileEdit(edit) {
      const fileEnd = editOffset(edit.end);
      const atEnd = fileEnd === end;
      // Up to the end of the block, an edit from the start of a line takes the line's indentation too: no line follows
      // whose indentation would stand in for it. What it writes is then indented like any line of the block.
      const fromLine = atEnd && edit.start < rebuilt.length ? lines[lineIndexAt(lines, edit.start, 'valueStart')] : undefined;
      const fileStart = fromLine?.valueStart === edit.start ? fromLine.lineStart : editOffset(edit.start);
      const indented = fileStart === end || fileStart === fromLine?.lineStart;
      let text = (indented && edit.text !== '' ? pad : '') + edit.text.replace(/\n/g, (_, index: number) => (atEnd && index === edit.text.length - 1 ? lineBreak : lineBreak + pad));
      // The block's last line break ends the line before what follows it: an edit that takes it out writes one.
      const before = text === '' ? fileText.slice(fileStart - 1, fileStart) : text.slice(-1);
      if (atEnd && endsWithBreak && before !== '\n') text += lineBreak;
      const fileEdit = { start: fileStart, end: fileEnd, text };
      return holds(fileEdit, edit) ? fileEdit : undefined;
    },
    keeps(edit) {
      if (edit.text.includes('\n')) return false;
      return holds(edit, { start: valueOffset(edit.start), end: valueOffset(edit.end), text: edit.text });
    },
  };
}
