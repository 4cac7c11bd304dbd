/**
 * TABs in every place the platform's parser (go-yaml v2) treats them differently from YAML 1.2: the indentation of
 * comment lines, blank lines and keys after each kind of value, after the `-`, `?` and `:` indicators, inside flow
 * collections, between a key and its value, and in block scalars' indentation; in a User and in `Config.spec.raw`.
 * Recorded with the others (`npm run oracle:record`); test/yaml/go-tabs.test.ts checks where platlint reports them.
 */
import type { OracleCase } from './cases.js';

const USER = 'apiVersion: management.platform/v1\nkind: User\nmetadata:\n  name: jane\nspec:\n  username: jane\n';
const RAW_HEAD = 'apiVersion: management.platform/v1\nkind: Config\nmetadata:\n  name: platform\nspec:\n  raw: |\n';

/** White space before a line's content: a TAB alone, after spaces, before spaces, at the block's indentation. */
const LEADING = ['\t', ' \t', '  \t', '   \t', '    \t', '\t  '];
/**
 * Inside `[...]` on a line of its own, before an item: only indentation deeper than the key, as the yaml package
 * requires of flow lines in YAML 1.2 whatever their white space (go-yaml v2 does not; a class apart from TABs).
 */
const LEADING_IN_FLOW = ['   \t', '    \t', '   \t  '];

/** The one body where the error may be on the line above the TAB's. */
const VALUE_GOES_ON = '  displayName: Jane\n{W}description: x\n';

/** `{W}` is a line's leading white space from LEADING; `{T}` a TAB where a value or indicator is. */
const USER_BODIES: readonly string[] = [
  // after a plain value: the plain scalar scanner reads the next lines' blanks
  '  displayName: Jane\n{W}# note\n',
  '  displayName: Jane\n{W}\n',
  // Go reads a TAB right of the block's indentation as white space, then refuses the key that continues the value
  // above ("mapping values are not allowed in this context"); the yaml package refuses it on the value's line.
  VALUE_GOES_ON,
  '  groups:\n    - a\n{W}# note\n',
  '  extraClaims:\n    team: a\n{W}# note\n',
  // after other values: a new line may start a key, where a TAB is not white space
  '  displayName: "Jane"\n{W}# note\n',
  "  displayName: 'Jane'\n{W}\n",
  '  groups: [a]\n{W}# note\n',
  '  displayName: Jane # comment\n{W}# note\n',
  '  extraClaims:\n{W}# note\n    team: a\n',
  '  displayName: |\n    Jane\n# between\n{W}# note\n',
  // after indicators and between a key and its value
  '  groups:\n    -{T}a\n',
  '  groups:\n    - {T}a\n',
  '  groups:\n    - a\n    -{T}# note\n    - b\n',
  '  extraClaims:\n    ?{T}team\n    : a\n',
  '  extraClaims:\n    ? team\n    :{T}a\n',
  '  displayName:{T}Jane\n',
  '  displayName: {T}Jane\n',
  '  displayName: Jane{T}\n',
  '  displayName: Jane{T}# note\n',
  '  displayName: &name{T}Jane\n',
  '  displayName: !!str{T}Jane\n',
  '  displayName{T}: Jane\n',
  // inside flow collections
  '  groups: [a,{T}b]\n',
  '  groups: [{T}a]\n',
  '  groups: [a{T}]\n',
  '  extraClaims: {team:{T}a}\n',
  '  groups: [\n    a,\n{F}b]\n',
  '  groups: [\n    a\n{W}]\n',
  // block scalars: the indentation, the lines before the first, trailing lines, the header
  '  description: |\n{W}Jane\n',
  '  description: |\n    Jane\n{W}Doe\n',
  '  description: >\n    Jane\n{W}Doe\n',
  '  description: |\n    Jane\n{W}\n',
  '  description: |\n\n{W}Jane\n',
  '  description: |-{T}# note\n    Jane\n',
  '  description: |2\n    Jane\n{W}Doe\n',
  '  groups:\n    - |\n      a\n{W}b\n',
];

/** In the raw config, whose own lines the platform reads with the same parser (the outer block keeps the TAB). */
const RAW_BODIES: readonly string[] = [
  'auth:\n  customHttpHeaders:\n    X-A: b\n{W}# note\n',
  'auth:\n  customHttpHeaders:\n    X-A: "b"\n{W}# note\n',
  'auth:\n  customHttpHeaders:\n    X-A:{T}b\n',
  'uiSettings:\n  platformVersion: |\n    4.1\n{W}x\n',
];

function expand(body: string): string[] {
  if (body.includes('{W}')) return LEADING.map((w) => body.replace('{W}', w));
  if (body.includes('{F}')) return LEADING_IN_FLOW.map((w) => body.replace('{F}', w));
  return [body.replace('{T}', '\t')];
}

/** The 1-based line of the first TAB of a text. */
function tabLine(text: string): number {
  return text.slice(0, text.indexOf('\t')).split('\n').length;
}

export function tabCases(): OracleCase[] {
  const cases: OracleCase[] = [];
  const id = (): string => `tab/t${String(cases.length).padStart(3, '0')}`;
  for (const body of USER_BODIES) {
    for (const yaml of expand(body).map((text) => USER + text)) cases.push({ id: id(), yaml, target: 'user', ...(body === VALUE_GOES_ON ? {} : { line: tabLine(yaml) }) });
  }
  cases.push({ id: id(), yaml: `\t# note\n${USER}`, target: 'user', line: 1 });
  for (const raw of RAW_BODIES.flatMap(expand)) {
    const yaml = RAW_HEAD + raw.replace(/^(?=.)/gm, '    ');
    cases.push({ id: id(), yaml, target: 'raw', raw, line: tabLine(yaml) });
  }
  return cases;
}
