/** A literal block scalar seen from its value and from the file: offsets, and edits made on the value as edits of the file. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isScalar, parseDocument } from 'yaml';
import type { TextEdit } from '../../src/engine/types.js';
import { literalBlockOf, type LiteralBlock } from '../../src/yaml/block-scalar.js';

const apply = (text: string, edit: TextEdit): string => text.slice(0, edit.start) + edit.text + text.slice(edit.end);

/** A Config whose spec.raw holds `lines` under `header`, with a status after it to show the block ends where it did. */
function file(lines: readonly string[], header = '|', lineBreak = '\n'): string {
  return ['spec:', `  raw: ${header}`, ...lines, 'status:', '  platformHost: platform.example.com', ''].join(lineBreak);
}

function blockOf(text: string): { block: LiteralBlock | undefined; value: string } {
  const node = parseDocument(text).getIn(['spec', 'raw'], true);
  if (!isScalar(node) || typeof node.value !== 'string') throw new Error('spec.raw is not a string');
  return { block: literalBlockOf(text, node), value: node.value };
}

/** spec.raw and status as the YAML parser reads the text, with the parser's errors. */
function read(text: string): { raw: unknown; status: unknown; errors: number } {
  const doc = parseDocument(text);
  return { raw: doc.getIn(['spec', 'raw']), status: doc.toJS()?.status, errors: doc.errors.length };
}

const STATUS = { platformHost: 'platform.example.com' };
const ABC = file(['    a: 1', '    b: 2', '    c: 3']);

describe('literalBlockOf', () => {
  it('maps the removal of a line of the value to the removal of its line in the file, indentation and all', () => {
    const { block, value } = blockOf(ABC);
    expect(value).toBe('a: 1\nb: 2\nc: 3\n');
    const edit = block?.fileEdit({ start: 5, end: 10, text: '' });
    expect(edit).toEqual({ start: ABC.indexOf('b: 2'), end: ABC.indexOf('c: 3'), text: '' });
    expect(read(apply(ABC, edit ?? { start: 0, end: 0, text: '' }))).toEqual({ raw: 'a: 1\nc: 3\n', status: STATUS, errors: 0 });
    // The last line: the edit ends where the block does, before status.
    const last = block?.fileEdit({ start: 10, end: 15, text: '' });
    expect(last).toEqual({ start: ABC.indexOf('    c: 3'), end: ABC.indexOf('status:'), text: '' });
    expect(read(apply(ABC, last ?? { start: 0, end: 0, text: '' }))).toEqual({ raw: 'a: 1\nb: 2\n', status: STATUS, errors: 0 });
  });

  it('indents the lines an edit writes as the block is, and writes line breaks as the file does', () => {
    const { block } = blockOf(ABC);
    const middle = block?.fileEdit({ start: 5, end: 10, text: '# kept\n' });
    expect(middle?.text).toBe('# kept\n    ');
    expect(read(apply(ABC, middle ?? { start: 0, end: 0, text: '' })).raw).toBe('a: 1\n# kept\nc: 3\n');
    const atEnd = block?.fileEdit({ start: 10, end: 15, text: '# kept\n' });
    expect(atEnd).toEqual({ start: ABC.indexOf('    c: 3'), end: ABC.indexOf('status:'), text: '    # kept\n' });
    expect(read(apply(ABC, atEnd ?? { start: 0, end: 0, text: '' })).raw).toBe('a: 1\nb: 2\n# kept\n');
    const crlf = file(['    a: 1', '    b: 2', '    c: 3'], '|', '\r\n');
    const edit = blockOf(crlf).block?.fileEdit({ start: 5, end: 10, text: '# kept\n' });
    expect(edit).toEqual({ start: crlf.indexOf('b: 2'), end: crlf.indexOf('c: 3'), text: '# kept\r\n    ' });
    // A value edit within a line.
    expect(block?.fileEdit({ start: 8, end: 9, text: '20' })).toEqual({ start: ABC.indexOf('2'), end: ABC.indexOf('2') + 1, text: '20' });
  });

  it('refuses an edit the block would not keep: a first line that changes the indentation, a line less indented', () => {
    const deeper = file(['    # platlint-disable', '      a: 1', '    b: 2']);
    const { block } = blockOf(deeper);
    // Without its first line, the block's indentation would be the deeper line's.
    expect(block?.fileEdit({ start: 0, end: 19, text: '' })).toBeUndefined();
    expect(block?.keeps({ start: deeper.indexOf('    # platlint'), end: deeper.indexOf('      a: 1'), text: '' })).toBe(false);
    // With an indentation indicator the first line sets nothing.
    const indicated = file(['    # platlint-disable', '      a: 1', '    b: 2'], '|2');
    expect(blockOf(indicated).block?.keeps({ start: indicated.indexOf('    # platlint'), end: indicated.indexOf('      a: 1'), text: '' })).toBe(true);
    expect(blockOf(ABC).block?.fileEdit({ start: 5, end: 5, text: 'x\n  y: 1\n' })?.text).toBe('x\n      y: 1\n    ');
    expect(blockOf(ABC).block?.keeps({ start: ABC.indexOf('    b: 2'), end: ABC.indexOf('b: 2'), text: '  ' })).toBe(false);
  });

  it('keeps, within the body, an edit that writes no line break and leaves the value edited alike', () => {
    const text = file(['    a: 1 # platlint-disable-line x', '    b: 2']);
    const { block } = blockOf(text);
    const comment = { start: text.indexOf(' # platlint'), end: text.indexOf('\n    b: 2'), text: '' };
    expect(block?.keeps(comment)).toBe(true);
    expect(read(apply(text, comment)).raw).toBe('a: 1\nb: 2\n');
    expect(block?.keeps({ ...comment, text: '\n' })).toBe(false);
    expect(block?.keeps({ start: 0, end: 4, text: '' })).toBe(false);
    expect(block?.keeps({ start: text.indexOf('status:'), end: text.indexOf('status:') + 1, text: '' })).toBe(false);
  });

  it('is undefined for a scalar whose value is no line-by-line copy of the file: folded, quoted, plain', () => {
    expect(blockOf(file(['    a: 1', '    b: 2'], '>')).block).toBeUndefined();
    expect(blockOf('spec:\n  raw: "a: 1\\nb: 2"\n').block).toBeUndefined();
    expect(blockOf('spec:\n  raw: a\n').block).toBeUndefined();
  });
});

/** Lines of a block body: content at the block's indentation or deeper, blank lines, lines of white space with a tab, comments. */
const bodyLine = fc.oneof(
  fc.constantFrom('a: 1', 'b:', '- x', '# c', 'key: "v"', '# platlint-disable x').chain((content) => fc.nat({ max: 2 }).map((deeper) => ' '.repeat(deeper) + content)),
  fc.constantFrom('', '  ', '\t', ' \t'),
);
const body = fc.record({
  lines: fc.array(bodyLine, { minLength: 1, maxLength: 6 }).filter((lines) => lines.some((line) => line.trim() !== '')),
  chomping: fc.constantFrom('', '-', '+'),
  lineBreak: fc.constantFrom('\n', '\r\n'),
});

describe('literalBlockOf, against the YAML parser', () => {
  it('an edit of the value it maps reads back as the value edited alike, and the document after the block is unchanged', () => {
    fc.assert(
      fc.property(body, fc.nat(), fc.nat(), fc.constantFrom('', 'z', '# kept\n', 'x: 1\ny: 2\n', '\n'), ({ lines, chomping, lineBreak }, from, length, inserted) => {
        const text = file(lines.map((line) => (line === '' ? '' : `    ${line}`)), `|${chomping}`, lineBreak);
        const { block, value } = blockOf(text);
        // A first line deeper than a later one is no block of the file as written.
        if (!block || read(text).errors > 0) return;
        const start = from % (value.length + 1);
        const end = Math.min(value.length, start + (length % 8));
        const valueEdit = { start, end, text: inserted };
        const edit = block.fileEdit(valueEdit);
        if (!edit) return;
        const after = read(apply(text, edit));
        expect(after.errors).toBe(0);
        expect(after.status).toEqual(STATUS);
        expect(String(after.raw).replace(/\n+$/, '')).toBe(apply(value, valueEdit).replace(/\n+$/, ''));
      }),
      { numRuns: Number(process.env['FUZZ_RUNS'] ?? 2000), ...(process.env['FUZZ_SEED'] ? { seed: Number(process.env['FUZZ_SEED']) } : {}) },
    );
  });

  it('an edit of the file it keeps reads back as the value edited alike: a whole line out, or a change within a line', () => {
    fc.assert(
      fc.property(body, fc.nat(), fc.nat(), fc.nat(), fc.boolean(), ({ lines, chomping, lineBreak }, lineIndex, from, length, wholeLine) => {
        const contentLines = lines.map((line) => (line === '' ? '' : `    ${line}`));
        const text = file(contentLines, `|${chomping}`, lineBreak);
        const { block, value } = blockOf(text);
        if (!block || read(text).errors > 0) return;
        const indent = /^ */.exec(contentLines.find((l) => l.trim() !== '') ?? '')?.[0].length ?? 0;
        const index = lineIndex % contentLines.length;
        const line = contentLines[index] ?? '';
        const lineStart = block.body[0] + contentLines.slice(0, index).reduce((sum, l) => sum + l.length + lineBreak.length, 0);
        const valueLines = value.split('\n');
        const valueStart = valueLines.slice(0, index).reduce((sum, l) => sum + l.length + 1, 0);
        let edit: TextEdit;
        let expected: string;
        if (wholeLine) {
          edit = { start: lineStart, end: Math.min(block.body[1], lineStart + line.length + lineBreak.length), text: '' };
          expected = valueLines.filter((_, i) => i !== index).join('\n');
        } else {
          if (line === '') return;
          const content = Math.max(0, line.length - indent);
          const start = from % (content + 1);
          const end = Math.min(content, start + (length % 4));
          edit = { start: lineStart + indent + start, end: lineStart + indent + end, text: 'q' };
          expected = apply(value, { start: valueStart + start, end: valueStart + end, text: 'q' });
        }
        if (!block.keeps(edit)) return;
        const after = read(apply(text, edit));
        expect(after.errors).toBe(0);
        expect(after.status).toEqual(STATUS);
        expect(String(after.raw).replace(/\n+$/, '')).toBe(expected.replace(/\n+$/, ''));
      }),
      { numRuns: Number(process.env['FUZZ_RUNS'] ?? 2000), ...(process.env['FUZZ_SEED'] ? { seed: Number(process.env['FUZZ_SEED']) } : {}) },
    );
  });
});
