/**
 * The differential table: YAML inputs whose reading by the platform's Go decoder (sigs.k8s.io/yaml over
 * gopkg.in/yaml.v2) is recorded once with the Go oracle (`npm run oracle:record`) and compared with platlint's
 * verdict by test/yaml/go-oracle.test.ts. Every scalar is tried in every position; whole-document cases cover what
 * is not a single scalar (merges, anchors, directives, tags on collections, encodings).
 */
import { keyCases } from './key-cases.js';
import { tabCases } from './tab-cases.js';

/** Where the value under test sits, and so which Go type reads it. */
export type PositionKind = 'string' | 'bool' | 'int' | 'string-item' | 'map-value' | 'map-key' | 'annotation-key' | 'raw-string' | 'raw-bool' | 'raw-int' | 'raw-map-value';

export interface OracleCase {
  id: string;
  /** The file platlint lints. */
  yaml: string;
  /** What the oracle decodes: the server's view of a User, or the platform's reading of `Config.spec.raw`. */
  target: 'user' | 'raw';
  /** For `raw` cases: the text of `spec.raw`. */
  raw?: string;
  /** The scalar under test as written, for the oracle's own report of its Go type. */
  scalar?: string;
  position?: PositionKind;
  /** 1-based line of the value under test in `yaml`, where platlint's diagnostic must be. */
  line?: number;
  /**
   * The value as its author reads it, when it is not simply the written text (quoted and block scalars; under an
   * explicit tag, what YAML 1.2 reads: `!!int '0x1F'` is 31), so the test can tell a value the platform keeps from
   * one it changes.
   */
  written?: string | null;
  /** Whole-document cases: the data path whose value the author means, and that value as JSON. */
  at?: (string | number)[];
  means?: unknown;
  /** Keys written in the mapping at `at`: fewer in what Go builds means one value was lost (a change). */
  keysWritten?: number;
  /** yaml.v2's strict decoder refuses the document although it has a `<<` merge (two merged mappings set one key). */
  strictRefuses?: boolean;
}

export const USER_HEAD = 'apiVersion: management.platform/v1\nkind: User\nmetadata:\n  name: jane\n';

/** A scalar to try: how it is written, and the string its author means by it when that is not the text itself. */
interface ScalarSpec {
  source: string;
  /** The string the author means (for quoted and block scalars, and tagged ones as YAML 1.2 reads them); undefined means the source text. */
  text?: string | null;
  /** Multi-line scalars cannot be keys. */
  keyable?: boolean;
}

const plain = (source: string): ScalarSpec => ({ source });

export const SCALARS: readonly ScalarSpec[] = [
  // YAML 1.1 booleans and their near misses
  ...['yes', 'Yes', 'YES', 'no', 'No', 'on', 'On', 'ON', 'off', 'Off', 'y', 'Y', 'n', 'N', 'true', 'True', 'TRUE', 'false', 'False', 'FALSE', 'yEs', 'tRue', 'nO'].map(plain),
  // nulls
  ...['~', 'null', 'Null', 'NULL', 'nUll'].map(plain),
  // integers in every base, signs, separators, sizes
  ...['0', '7', '-7', '+7', '017', '-017', '0017', '08', '09', '0o17', '0O17', '0x1F', '0X1F', '-0x1F', '0b101', '0B101', '-0b101', '1_000', '685_230', '0x_1F'].map(plain),
  ...['0x1FFFFFFFFFFFFFFFFF', '0xFFFFFFFFFFFFFFFF', '-0o17', '+0x1F', '0o8', '0x', '1__0', '_1', '1_'].map(plain),
  ...['9007199254740993', '9223372036854775807', '9223372036854775808', '-9223372036854775808', '-9223372036854775809', '18446744073709551615', '18446744073709551616'].map(plain),
  // sexagesimal (YAML 1.1 spec, not yaml.v2)
  ...['1:20', '190:20:30', '-1:30', '1:20.5'].map(plain),
  // floats and specials
  ...['1.0', '1.10', '1.5', '-1.5', '.5', '+.5', '1.', '1e3', '1E3', '1e19', '1e+19', '1e400', '-1e400', '1e-400', '685_230.15', '3.14159265358979', '0.1', '1000000.5', '.nan', '.NaN', '.inf', '-.Inf', '+.INF', 'e3', '.', '.e3', '1e', '0x1p3', '.5_0', 'NaN', 'Infinity'].map(plain),
  // timestamps and things that look like them
  ...['2001-12-14', '2001-12-14t21:59:43.10-05:00', '2001-12-14 21:59:43.10', '2001-1-2', '20011214', '12:30'].map(plain),
  // plain strings that stay strings
  ...['jane', 'a b', 'v1.2.3', '1.2.3', '0.0.0.0', '1-2', '+', '-', '<<', '=', '0a', '1a', 'x:y', 'true1', 'null1'].map(plain),
  // quoted forms
  { source: '"yes"', text: 'yes' },
  { source: "'017'", text: '017' },
  { source: '"1.10"', text: '1.10' },
  { source: "''", text: '' },
  { source: '""', text: '' },
  { source: '"9223372036854775808"', text: '9223372036854775808' },
  { source: '"a\\tb"', text: 'a\tb' },
  { source: '"\\x41\\u00e9"', text: 'Aé' },
  { source: '"\\/"', text: '/' },
  { source: '"a\\/b"', text: 'a/b' },
  { source: '"\\N\\_"', text: '\u0085\u00a0' },
  { source: "'it''s'", text: "it's" },
  // explicit tags
  { source: '!!str yes', text: 'yes' },
  { source: '!!str 017', text: '017' },
  { source: '!!int 12', text: '12' },
  { source: '!!int "12"', text: '12' },
  { source: '!!int abc', text: 'abc' },
  { source: '!!int 1.5', text: '1.5' },
  { source: '!!float 1', text: '1' },
  { source: '!!float 1.5', text: '1.5' },
  { source: '!!float abc', text: 'abc' },
  { source: '!!bool yes', text: 'yes' },
  { source: '!!bool 1', text: '1' },
  { source: '!!null ~', text: null },
  { source: '!!null x', text: 'x' },
  { source: '!!binary aGVsbG8=', text: 'hello' },
  { source: '!!binary "#not base64"', text: '#not base64' },
  { source: '!!timestamp 2001-12-14', text: '2001-12-14' },
  { source: '!!timestamp yesterday', text: 'yesterday' },
  { source: '!custom x', text: 'x' },
  { source: '!!merge x', text: 'x' },
  // the empty non-specific tag `!`: the value is a string whatever it looks like (issue 30)
  { source: '! yes', text: 'yes' },
  { source: '! 017', text: '017' },
  { source: '! 0x1F', text: '0x1F' },
  { source: '! 1.5', text: '1.5' },
  { source: '! true', text: 'true' },
  { source: '! ~', text: '~' },
  { source: '! jane', text: 'jane' },
  { source: '! "yes"', text: 'yes' },
  // explicit tags over quoted text
  { source: '!!int "017"', text: '17' },
  { source: "!!int '0x1F'", text: '31' },
  { source: '!!bool "yes"', text: 'yes' },
  { source: '!!float "1.5"', text: '1.5' },
  { source: '!!str "017"', text: '017' },
  // floats that underflow or overflow
  ...['-1e-400', '1e-330', '4.9e-324', '2.5e-324'].map(plain),
  // tags YAML 1.2 reads as yaml.v2 does, and where they part (issue 35); zeros that are no underflow
  { source: '!!int 0x1F', text: '31' },
  { source: '!!int 017', text: '17' },
  { source: '!!int 0o17', text: '15' },
  { source: '!!float 1e3', text: '1000' },
  { source: '!!float 3.14159265358979', text: '3.14159265358979' },
  { source: '!!binary Wm/Dqw==', text: 'Zoë' },
  { source: '!!binary //5hYg==', text: '//5hYg==' },
  ...['0.0', '-0.0', '0e5'].map(plain),
];

/** Block scalars, tried only where a value (not a key) goes. */
const BLOCKS: readonly ScalarSpec[] = [
  { source: '|\n    yes', text: 'yes\n', keyable: false },
  { source: '>-\n    1.10', text: '1.10', keyable: false },
];

function indentBlock(source: string, indent: string): string {
  return source.replace(/\n {4}/g, `\n${indent}`);
}

function userCase(id: string, position: PositionKind, spec: ScalarSpec): OracleCase | undefined {
  const block = spec.keyable === false;
  let body: string;
  let line: number;
  const head = USER_HEAD;
  switch (position) {
    case 'string':
      body = `${head}spec:\n  username: jane\n  displayName: ${indentBlock(spec.source, '    ')}\n`;
      line = 7;
      break;
    case 'bool':
      body = `${head}spec:\n  username: jane\n  disabled: ${indentBlock(spec.source, '    ')}\n`;
      line = 7;
      break;
    case 'int':
      body = `${head}spec:\n  username: jane\n  tokenGeneration: ${indentBlock(spec.source, '    ')}\n`;
      line = 7;
      break;
    case 'string-item':
      body = `${head}spec:\n  username: jane\n  groups:\n    - admins\n    - ${indentBlock(spec.source, '      ')}\n`;
      line = 9;
      break;
    case 'map-value':
      body = `${head}  annotations:\n    example.com/note: ${indentBlock(spec.source, '      ')}\nspec:\n  username: jane\n`;
      line = 6;
      break;
    case 'map-key':
      if (block) return undefined;
      body = `${head}spec:\n  username: jane\n  extraClaims:\n    ${spec.source}: value\n`;
      line = 8;
      break;
    case 'annotation-key':
      if (block) return undefined;
      body = `${head}  annotations:\n    ${spec.source}: value\nspec:\n  username: jane\n`;
      line = 6;
      break;
    default:
      return undefined;
  }
  return { id, yaml: body, target: 'user', scalar: spec.source.replace(/\n\s*/g, '\n  '), position, line, ...(spec.text !== undefined ? { written: spec.text } : {}) };
}

const CONFIG_HEAD = 'apiVersion: management.platform/v1\nkind: Config\nmetadata:\n  name: platform\nspec:\n  raw: |\n';

function rawCase(id: string, position: PositionKind, spec: ScalarSpec): OracleCase | undefined {
  let raw: string;
  let rawLine: number;
  switch (position) {
    case 'raw-string':
      raw = `uiSettings:\n  platformVersion: ${indentBlock(spec.source, '    ')}\n`;
      rawLine = 2;
      break;
    case 'raw-bool':
      raw = `disableConfigEndpoint: ${indentBlock(spec.source, '  ')}\n`;
      rawLine = 1;
      break;
    case 'raw-int':
      raw = `auth:\n  accessKeyMaxTTLSeconds: ${indentBlock(spec.source, '    ')}\n`;
      rawLine = 2;
      break;
    case 'raw-map-value':
      raw = `auth:\n  customHttpHeaders:\n    X-Test: ${indentBlock(spec.source, '      ')}\n`;
      rawLine = 3;
      break;
    default:
      return undefined;
  }
  const yaml = CONFIG_HEAD + raw.replace(/^(?=.)/gm, '    ');
  return { id, yaml, target: 'raw', raw, scalar: spec.source.replace(/\n\s*/g, '\n  '), position, line: 6 + rawLine, ...(spec.text !== undefined ? { written: spec.text } : {}) };
}

const USER_POSITIONS: readonly PositionKind[] = ['string', 'bool', 'int', 'string-item', 'map-value', 'map-key', 'annotation-key'];
const RAW_POSITIONS: readonly PositionKind[] = ['raw-string', 'raw-bool', 'raw-int', 'raw-map-value'];

function scalarCases(): OracleCase[] {
  const cases: OracleCase[] = [];
  [...SCALARS, ...BLOCKS].forEach((spec, index) => {
    const name = `s${String(index).padStart(3, '0')}`;
    for (const position of USER_POSITIONS) {
      const c = userCase(`${position}/${name}`, position, spec);
      if (c) cases.push(c);
    }
    for (const position of RAW_POSITIONS) {
      const c = rawCase(`${position}/${name}`, position, spec);
      if (c) cases.push(c);
    }
  });
  return cases;
}

const SPEC = 'spec:\n  username: jane\n';

/** `levels` anchored lists of `width` items, each item an alias of the list before: width^levels values in all. */
function aliasLevels(levels: number, width: number): string {
  const lines = [`    l0: &l0 [${Array(width).fill('"x"').join(', ')}]`];
  for (let i = 1; i < levels; i++) lines.push(`    l${i}: &l${i} [${Array(width).fill(`*l${i - 1}`).join(', ')}]`);
  return `  extraClaims:\n${lines.join('\n')}\n`;
}

/** Whole documents: what is not one scalar in one place. */
function documentCases(): OracleCase[] {
  type Meaning = { at: (string | number)[]; means: unknown };
  const user = (id: string, yaml: string, line?: number, meaning?: Meaning): OracleCase => ({ id: `document/${id}`, yaml, target: 'user', ...(line ? { line } : {}), ...meaning });
  const raw = (id: string, rawText: string, line?: number, meaning?: Meaning): OracleCase => ({
    id: `document/${id}`,
    yaml: CONFIG_HEAD + rawText.replace(/^(?=.)/gm, '    '),
    target: 'raw',
    raw: rawText,
    ...(line ? { line: 6 + line } : {}),
    ...meaning,
  });
  const claims = (means: unknown): Meaning => ({ at: ['spec', 'extraClaims'], means });
  const groups = (means: unknown): Meaning => ({ at: ['spec', 'groups'], means });
  const annotations = (means: unknown): Meaning => ({ at: ['metadata', 'annotations'], means });
  const headers = (means: unknown): Meaning => ({ at: ['auth', 'customHttpHeaders'], means });
  return [
    user('clean-user', USER_HEAD + SPEC),
    user('duplicate-key', `${USER_HEAD}${SPEC}  displayName: a\n  displayName: b\n`, 8),
    user('duplicate-key-by-reading', `${USER_HEAD}  annotations:\n    yes: a\n    true: b\n${SPEC}`, 7),
    user('merge-explicit-first', `${USER_HEAD}${SPEC}  extraClaims:\n    team: explicit\n    <<: {team: merged, site: x}\n`, 8, claims({ team: 'explicit', site: 'x' })),
    user('merge-explicit-last', `${USER_HEAD}${SPEC}  extraClaims:\n    <<: {team: merged, site: x}\n    team: explicit\n`, undefined, claims({ team: 'explicit', site: 'x' })),
    user('merge-alias', `${USER_HEAD}  annotations: &base\n    example.com/a: "1"\n${SPEC}  extraClaims:\n    <<: *base\n    b: "2"\n`),
    // Both merged mappings set `a`: yaml.v2's strict decoder refuses it ("already set in map").
    { ...user('merge-list', `${USER_HEAD}${SPEC}  extraClaims:\n    <<: [{a: one}, {a: two, b: three}]\n`, 8), strictRefuses: true },
    user('merge-scalar', `${USER_HEAD}${SPEC}  extraClaims:\n    <<: notamap\n`, 8),
    user('merge-key-quoted', `${USER_HEAD}${SPEC}  extraClaims:\n    "<<": {a: b}\n`, 8),
    user('merge-key-tagged', `${USER_HEAD}${SPEC}  extraClaims:\n    !!merge <<: {a: b}\n`),
    user('anchor-alias-scalar', `${USER_HEAD}${SPEC}  displayName: &name Jane\n  description: *name\n`),
    user('anchor-alias-list', `${USER_HEAD}${SPEC}  groups: &g [a, b]\n  ssoGroups: *g\n`),
    user('anchor-alias-bool-into-string', `${USER_HEAD}${SPEC}  disabled: &d yes\n  description: *d\n`, 8),
    user('anchor-contains-itself', `${USER_HEAD}${SPEC}  extraClaims: &a\n    a: *a\n`, 8),
    user('null-list-item', `${USER_HEAD}${SPEC}  groups:\n    - a\n    -\n    - b\n`, 9, groups(['a', null, 'b'])),
    user('null-list-item-tilde', `${USER_HEAD}${SPEC}  groups: [a, ~]\n`, 7, groups(['a', null])),
    user('null-map-value', `${USER_HEAD}  annotations:\n    example.com/a:\n${SPEC}`, 6, annotations({ 'example.com/a': null })),
    user('null-string-field', `${USER_HEAD}${SPEC}  displayName:\n`),
    user('null-int-field', `${USER_HEAD}${SPEC}  tokenGeneration: ~\n`),
    user('set-in-list', `${USER_HEAD}${SPEC}  groups: !!set {a, b}\n`, 7),
    user('omap-in-list', `${USER_HEAD}${SPEC}  groups: !!omap [a: 1]\n`, 7),
    user('pairs-in-map', `${USER_HEAD}${SPEC}  extraClaims: !!pairs [a: b]\n`, 7),
    user('omap-in-map', `${USER_HEAD}${SPEC}  extraClaims: !!omap [a: b]\n`, 7),
    user('set-in-map', `${USER_HEAD}${SPEC}  extraClaims: !!set {a, b}\n`, 7),
    user('tagged-map', `${USER_HEAD}${SPEC}  extraClaims: !!map {a: b}\n`),
    user('tagged-seq', `${USER_HEAD}${SPEC}  groups: !!seq [a, b]\n`),
    user('custom-tag-map', `${USER_HEAD}${SPEC}  extraClaims: !thing {a: b}\n`),
    user('flow-key-list', `${USER_HEAD}${SPEC}  extraClaims:\n    [a]: b\n`, 8),
    user('flow-key-map', `${USER_HEAD}${SPEC}  extraClaims:\n    {a: b}: c\n`, 8),
    user('complex-key', `${USER_HEAD}${SPEC}  extraClaims:\n    ? a\n    : b\n`),
    user('null-key', `${USER_HEAD}${SPEC}  extraClaims:\n    ~: b\n`, 8),
    user('empty-key', `${USER_HEAD}${SPEC}  extraClaims:\n    "": b\n`),
    user('yaml-1.1-directive', `%YAML 1.1\n---\n${USER_HEAD}${SPEC}`, 1),
    user('yaml-1.2-directive', `%YAML 1.2\n---\n${USER_HEAD}${SPEC}`, 1),
    user('repeated-yaml-directive', `%YAML 1.1\n%YAML 1.1\n---\n${USER_HEAD}${SPEC}`, 2),
    user('tag-directive', `%TAG !e! tag:example.com,2000:\n---\n${USER_HEAD}${SPEC}  displayName: !e!name Jane\n`, 1),
    user('tag-handle-undefined', `${USER_HEAD}${SPEC}  displayName: !e!name Jane\n`, 7),
    user('bom', `\ufeff${USER_HEAD}${SPEC}`),
    user('crlf', `${USER_HEAD}${SPEC}  displayName: on\n`.replace(/\n/g, '\r\n'), 7),
    user('crlf-clean', `${USER_HEAD}${SPEC}  displayName: Jane\n`.replace(/\n/g, '\r\n')),
    user('json-input', '{"apiVersion": "management.platform/v1", "kind": "User", "metadata": {"name": "jane"}, "spec": {"username": "jane", "tokenGeneration": 3}}\n'),
    user('json-input-bool-string', '{"apiVersion": "management.platform/v1", "kind": "User", "metadata": {"name": "jane"}, "spec": {"username": "jane", "displayName": true}}\n', 1),
    user('json-input-big-int', '{"apiVersion": "management.platform/v1", "kind": "User", "metadata": {"name": "jane"}, "spec": {"username": "jane", "tokenGeneration": 9223372036854775808}}\n', 1),
    user('multi-line-plain', `${USER_HEAD}${SPEC}  displayName: Jane\n    Doe\n`),
    user('multi-line-plain-number', `${USER_HEAD}${SPEC}  description: 1\n    2\n`),
    user('multi-line-double-quoted', `${USER_HEAD}${SPEC}  displayName: "Jane\n    Doe"\n`),
    user('folded-block', `${USER_HEAD}${SPEC}  description: >\n    a\n    b\n`),
    user('literal-keep', `${USER_HEAD}${SPEC}  description: |+\n    a\n\n`),
    user('flow-list-numbers', `${USER_HEAD}${SPEC}  groups: [1, 2.5, true]\n`, 7),
    user('flow-list-strings', `${USER_HEAD}${SPEC}  groups: ["1", "2.5", "true"]\n`),
    user('nested-list-in-string-list', `${USER_HEAD}${SPEC}  groups: [[a]]\n`, 7),
    user('map-in-string-field', `${USER_HEAD}${SPEC}  displayName: {a: b}\n`, 7),
    user('list-in-string-field', `${USER_HEAD}${SPEC}  displayName: [a]\n`, 7),
    user('number-key-in-struct', `${USER_HEAD}${SPEC}  extraClaims:\n    1: a\n    2.50: b\n`, 9, claims({ 1: 'a', '2.50': 'b' })),
    user('bool-key-yes', `${USER_HEAD}${SPEC}  extraClaims:\n    yes: a\n    name: b\n`, 8, claims({ yes: 'a', name: 'b' })),
    user('quoted-keys', `${USER_HEAD}${SPEC}  extraClaims:\n    "yes": a\n    "1.0": b\n`, undefined, claims({ yes: 'a', '1.0': 'b' })),
    user('annotation-key-float', `${USER_HEAD}  annotations:\n    1e19: a\n${SPEC}`, 6),
    user('annotation-key-octal', `${USER_HEAD}  annotations:\n    017: a\n${SPEC}`, 6, annotations({ '017': 'a' })),
    user('alias-bomb', `${USER_HEAD}${SPEC}${aliasLevels(7, 9)}`),
    user('alias-many-small', `${USER_HEAD}${SPEC}${aliasLevels(3, 4)}`),
    user('alias-into-annotations', `${USER_HEAD}  annotations:\n    example.com/a: &v "1"\n    example.com/b: *v\n${SPEC}  description: *v\n`),
    raw('raw-alias-bomb', aliasLevels(7, 9).replace(/^ {2}/gm, '').replace('extraClaims:', 'bomb:')),
    raw('raw-clean', 'uiSettings:\n  platformVersion: "4.10"\n'),
    raw('raw-duplicate-key', 'disableConfigEndpoint: true\ndisableConfigEndpoint: false\n', 2),
    raw('raw-merge-explicit-first', 'auth:\n  customHttpHeaders:\n    X-A: explicit\n    <<: {X-A: merged}\n', 3, headers({ 'X-A': 'explicit' })),
    raw('raw-merge-explicit-last', 'auth:\n  customHttpHeaders:\n    <<: {X-A: merged}\n    X-A: explicit\n', undefined, headers({ 'X-A': 'explicit' })),
    raw('raw-null-header', 'auth:\n  customHttpHeaders:\n    X-A:\n', 3, headers({ 'X-A': null })),
    raw('raw-bool-key-header', 'auth:\n  customHttpHeaders:\n    on: x\n', 3, headers({ on: 'x' })),
    raw('raw-anchor-self', 'auth: &a\n  customHttpHeaders: *a\n', 2),
    raw('raw-version-map', 'uiSettings:\n  platformVersion: {a: b}\n', 2),
    raw('raw-version-list', 'uiSettings:\n  platformVersion: [4]\n', 2),
    raw('raw-escape', 'uiSettings:\n  platformVersion: "4\\/10"\n', 2),
  ];
}

export function oracleCases(): OracleCase[] {
  return [...scalarCases(), ...documentCases(), ...tabCases(), ...keyCases()];
}
