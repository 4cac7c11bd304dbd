import { isMap, isScalar, isSeq, Scalar, visit, type Document, type Node } from 'yaml';
import { lineEnd, nextLineStart } from './lines.js';

/**
 * TABs that the platform's parser refuses. go-yaml v2's scanner (gopkg.in/yaml.v2 scannerc.go, the C libyaml port)
 * treats a TAB as white space only where YAML 1.1 lets it separate tokens; the `yaml` package, following YAML 1.2,
 * accepts TABs in more places. The three checks of v2.4.0 this mirrors:
 * - yaml_parser_scan_to_next_token skips a TAB only inside `[...]`/`{...}` or where no simple key may start. In
 *   block context a key may start at the beginning of a line and after the `-`, `?` and complex `:` indicators, so a
 *   TAB there is left in place and yaml_parser_fetch_next_token fails with "found character that cannot start any
 *   token" (a `\t# note` line, `-\tvalue`).
 * - yaml_parser_scan_plain_scalar reads the blanks after a plain value to see whether the value goes on: a TAB on a
 *   following line left of the enclosing block's indentation fails with "found a tab character that violates
 *   indentation" (also inside a flow collection).
 * - yaml_parser_scan_block_scalar_breaks eats a block scalar's indentation spaces: a TAB before the indentation is
 *   complete fails with "found a tab character where an indentation space is expected".
 */
export interface RefusedTab {
  /** Offset of the TAB in the text. */
  offset: number;
  /** go-yaml v2's own words. */
  goError: string;
  /** Where the TAB is, for the message. */
  place: string;
}

const CANNOT_START = 'found character that cannot start any token';
const VIOLATES_INDENTATION = 'found a tab character that violates indentation';
const INDENTATION_SPACE = 'found a tab character where an indentation space is expected';

type Span = readonly [number, number];

/** What the composed documents say about the places a TAB can be: scalars and flow collections. */
interface Layout {
  quoted: Span[];
  flows: Span[];
  plains: Span[];
  /** Offsets of block scalars' headers (`|`, `>-`, ...). */
  blocks: number[];
}

const inside = (spans: readonly Span[], offset: number): boolean => spans.some(([from, to]) => offset > from && offset < to);

function layoutOf(documents: readonly Document[]): Layout {
  const layout: Layout = { quoted: [], flows: [], plains: [], blocks: [] };
  for (const doc of documents) {
    visit(doc, (_, node) => {
      const range = (node as Node | null)?.range;
      if (!range) return;
      if (isScalar(node)) {
        if (node.type === Scalar.PLAIN) layout.plains.push([range[0], range[1]]);
        else if (node.type === Scalar.QUOTE_DOUBLE || node.type === Scalar.QUOTE_SINGLE) layout.quoted.push([range[0], range[1]]);
        else layout.blocks.push(range[0]);
      } else if ((isMap(node) || isSeq(node)) && node.flow) {
        layout.flows.push([range[0], range[1]]);
      }
    });
  }
  return layout;
}

/**
 * yaml.v2's `parser.indent` where a value starts: the column of the innermost block collection, read from the
 * value's line (a value inside `[...]` from the line where the outermost flow collection opens), as the scanner
 * sets it from the keys and `-` entries before the value; -1 at the top.
 */
function blockIndentAt(text: string, layout: Layout, value: number): number {
  const flow = layout.flows.filter(([from, to]) => value > from && value < to).sort((a, b) => a[0] - b[0])[0];
  const start = flow ? flow[0] : value;
  const lineStart = text.lastIndexOf('\n', start - 1) + 1;
  let at = lineStart;
  while (text[at] === ' ') at++;
  let indicator = -1;
  while (/[-?:]/.test(text[at] ?? '') && /[ \t]/.test(text[at + 1] ?? '')) {
    indicator = at - lineStart;
    at++;
    while (text[at] === ' ' || text[at] === '\t') at++;
  }
  // The value right after the indicators is an entry of their collection; after a key, of the key's mapping.
  return at === start ? indicator : at - lineStart;
}

/** The place of a TAB in a line's leading white space, by what follows it. */
function leadingPlace(text: string, offset: number): string {
  let next = offset;
  while (text[next] === ' ' || text[next] === '\t') next++;
  const after = text[next];
  if (after === '#') return 'in the indentation of a comment line';
  if (after === undefined || after === '\n' || after === '\r') return 'on a line of white space';
  return "in a line's indentation";
}

/** yaml_parser_scan_block_scalar_breaks over a block scalar's lines; the body's end, and a refused TAB if any. */
function scanBlockScalar(text: string, header: number, blockIndent: number): { end: number; refused?: RefusedTab } {
  const digit = /^[|>][+-]?([1-9])?/.exec(text.slice(header, header + 3))?.[1];
  let indent = digit ? Math.max(blockIndent, 0) + Number(digit) : 0;
  let widest = 0;
  let line = nextLineStart(text, header);
  while (line < text.length) {
    let at = line;
    while (text[at] === ' ' && (indent === 0 || at - line < indent)) at++;
    widest = Math.max(widest, at - line);
    if (text[at] === '\t' && (indent === 0 || at - line < indent)) return { end: at, refused: { offset: at, goError: INDENTATION_SPACE, place: "in a block scalar's indentation" } };
    const blank = text[at] === '\n' || (text[at] === '\r' && text[at + 1] === '\n');
    if (!blank) {
      if (indent === 0) indent = Math.max(widest, blockIndent + 1, 1);
      if (at - line < indent) return { end: line };
    }
    line = nextLineStart(text, at);
  }
  return { end: text.length };
}

/** The last character before `offset` that is not white space or a line break; -1 if none. */
function previousContent(text: string, offset: number): number {
  let at = offset - 1;
  while (at >= 0 && (text[at] === ' ' || text[at] === '\t' || text[at] === '\n' || text[at] === '\r')) at--;
  return at;
}

/** Every TAB of the text that go-yaml v2 refuses, the first of each line, in source order. */
export function refusedTabs(text: string, documents: readonly Document[]): RefusedTab[] {
  if (!text.includes('\t')) return [];
  const layout = layoutOf(documents);
  const refused: RefusedTab[] = [];
  const blockBodies: Span[] = [];
  for (const header of layout.blocks) {
    const body = scanBlockScalar(text, header, blockIndentAt(text, layout, header));
    blockBodies.push([lineEnd(text, header), body.end]);
    if (body.refused) refused.push(body.refused);
  }
  const lineOfRefusal = new Set(refused.map((r) => text.lastIndexOf('\n', r.offset - 1)));
  for (let tab = text.indexOf('\t'); tab >= 0; tab = text.indexOf('\t', tab + 1)) {
    const lineStart = text.lastIndexOf('\n', tab - 1) + 1;
    if (lineOfRefusal.has(lineStart - 1) || inside(blockBodies, tab) || inside(layout.quoted, tab)) continue;
    const prefix = text.slice(lineStart, tab);
    const found = judge(text, layout, tab, lineStart, prefix);
    if (!found) continue;
    refused.push(found);
    lineOfRefusal.add(lineStart - 1);
  }
  return refused.sort((a, b) => a.offset - b.offset);
}

/** One TAB outside block and quoted scalars. */
function judge(text: string, layout: Layout, tab: number, lineStart: number, prefix: string): RefusedTab | undefined {
  if (/^[ \t]*$/.test(prefix)) {
    // The blanks after a plain value (or inside one that goes on), read by the plain scalar scanner itself.
    const previous = previousContent(text, lineStart);
    const plain = layout.plains.find(([from, to]) => (tab > from && tab < to) || previous === to - 1);
    if (plain) {
      return tab - lineStart < blockIndentAt(text, layout, plain[0]) + 1 ? { offset: tab, goError: VIOLATES_INDENTATION, place: leadingPlace(text, tab) } : undefined;
    }
    if (inside(layout.flows, lineStart)) return undefined;
    return { offset: tab, goError: CANNOT_START, place: leadingPlace(text, tab) };
  }
  // After `-`, `?` or a complex key's `:` at the start of a line, a key may start: the TAB is not skipped.
  const indicator = /^[ \t]*(?:[-?:][ \t]+)*([-?:])[ \t]*$/.exec(prefix);
  if (!indicator || inside(layout.flows, tab) || inside(layout.plains, tab)) return undefined;
  return { offset: tab, goError: CANNOT_START, place: `after \`${indicator[1] ?? '-'}\`, before a value` };
}
