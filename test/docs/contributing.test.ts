/**
 * docs/contributing.md, followed as a contributor would: its add-a-rule walk-through is carried out on a copy of the
 * checkout's src/ and rules/ (the rule, its doc page and fixtures written from the page's own code blocks, the
 * registry edited as the page says), then compiled with the project's tsconfig, linted with its ESLint config,
 * loaded through the copied registry and run over its fixtures and doc examples. The page's other claims that can
 * rot (the paths and npm scripts it names) are checked against the checkout.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ESLint } from 'eslint';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { lintText as LintText } from '../../src/engine/lint.js';
import type { presetSettings as PresetSettings } from '../../src/engine/presets.js';
import type { Diagnostic, Rule } from '../../src/engine/types.js';
import { ROOT } from '../helpers/cli.js';
import { docBlock, ruleDocExample } from './doc-blocks.js';
import { expectedMarkers, spans } from '../helpers/lint.js';

// About 20 s alone (tsc on the copy is most of it); the margin is for a loaded machine.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

const PAGE = 'docs/contributing.md';
const RULE_ID = 'user/display-name-spaces';
const RULE_DIR = `rules/${RULE_ID}`;
const FIXTURE_DIR = `fixtures/${RULE_ID}`;

/** The files the walk-through writes, each from the code block under its heading that holds the marker. */
const WRITTEN: readonly { file: string; heading: string; marker: string }[] = [
  { file: `${RULE_DIR}/index.ts`, heading: `2. The rule: \`${RULE_DIR}/index.ts\``, marker: 'export default rule;' },
  { file: `${RULE_DIR}/README.md`, heading: `3. The doc page: \`${RULE_DIR}/README.md\``, marker: `# ${RULE_ID}\n` },
  { file: `${FIXTURE_DIR}/invalid.yaml`, heading: `4. The fixtures: \`${FIXTURE_DIR}/\``, marker: `# expect: ${RULE_ID}` },
  { file: `${FIXTURE_DIR}/valid.yaml`, heading: `4. The fixtures: \`${FIXTURE_DIR}/\``, marker: 'names without outer spaces' },
];
const REGISTRATION = { file: 'rules/user/index.ts', heading: '5. Register it: `rules/user/index.ts`', marker: 'displayNameSpacesRule,' };

/** The second walk-through: a rule reported from an engine stage, the extraction. */
const STAGE_RULE_ID = 'resource/empty-list';
const STAGE_RULE_DIR = `rules/${STAGE_RULE_ID}`;
const STAGE_FIXTURE_DIR = `fixtures/${STAGE_RULE_ID}`;
const STAGE_WRITTEN: readonly { file: string; heading: string; marker: string }[] = [
  { file: `${STAGE_RULE_DIR}/index.ts`, heading: `1. The rule: \`${STAGE_RULE_DIR}/index.ts\``, marker: 'export default rule;' },
  { file: `${STAGE_RULE_DIR}/README.md`, heading: `3. The doc page: \`${STAGE_RULE_DIR}/README.md\``, marker: `# ${STAGE_RULE_ID}\n` },
  { file: `${STAGE_FIXTURE_DIR}/invalid.yaml`, heading: `4. The fixtures: \`${STAGE_FIXTURE_DIR}/\``, marker: `# expect: ${STAGE_RULE_ID}` },
  { file: `${STAGE_FIXTURE_DIR}/valid.yaml`, heading: `4. The fixtures: \`${STAGE_FIXTURE_DIR}/\``, marker: 'a List with an item' },
];
const STAGE_REGISTRATION = { file: 'rules/resource/index.ts', heading: '5. Register it: `rules/resource/index.ts`', marker: 'emptyListRule,' };
const STAGE_EDIT = { file: 'src/engine/extract.ts', heading: '2. The stage reports it: `src/engine/extract.ts`', marker: 'resourceEmptyListRule.finding' };

/**
 * Step 2 of the second walk-through on the real stage: the block's import after the file's last import, its
 * statement where the page says (in `items`, once `items` is known to be a list: before the items are classified).
 */
function reportFromStage(extract: string, block: string): string {
  const lines = block.split('\n');
  const imports = lines.filter((line) => line.startsWith('import '));
  const statements = lines.filter((line) => line.startsWith('if '));
  const fileLines = extract.split('\n');
  const lastImport = fileLines.map((line) => line.startsWith('import ')).lastIndexOf(true);
  fileLines.splice(lastImport + 1, 0, ...imports);
  const classify = fileLines.findIndex((line) => line.trim() === 'items.forEach((item, i) => {');
  if (classify < 0) throw new Error('TargetExtractor.items no longer classifies items where the walk-through says');
  fileLines.splice(classify, 0, ...statements.map((line) => `    ${line}`));
  return fileLines.join('\n');
}

/**
 * Step 5 on the area's real list: the block's import lines after the file's last import, its entries (not the
 * comment standing for the rules already there) at the end of the `rules` array.
 */
function register(areaIndex: string, block: string): string {
  const lines = block.split('\n');
  const imports = lines.filter((line) => line.startsWith('import '));
  const open = lines.findIndex((line) => line.startsWith('export const rules'));
  const entries = lines.slice(open + 1).filter((line) => /^\s+\w+,$/.test(line));
  const fileLines = areaIndex.split('\n');
  const lastImport = fileLines.map((line) => line.startsWith('import ')).lastIndexOf(true);
  fileLines.splice(lastImport + 1, 0, ...imports);
  // A list written on one line (`= [a, b];`) takes the entries before its bracket; one item a line, before `];`.
  const oneLine = fileLines.findIndex((line) => line.startsWith('export const rules') && line.endsWith('];'));
  if (oneLine >= 0) {
    const line = fileLines[oneLine] ?? '';
    fileLines[oneLine] = `${line.slice(0, -2)}, ${entries.map((entry) => entry.trim().replace(/,$/, '')).join(', ')}];`;
  } else fileLines.splice(fileLines.lastIndexOf('];'), 0, ...entries);
  return fileLines.join('\n');
}

let copy: string;
let rules: readonly Rule[];
let lintText: typeof LintText;
let presetSettings: typeof PresetSettings;

function lintCopy(text: string, options: { pruneSections?: boolean } = {}): Diagnostic[] {
  return lintText(text, { filename: 'test.yaml', rules, settings: presetSettings('strict', rules), ...options }).diagnostics;
}

const read = (file: string): string => readFileSync(join(copy, file), 'utf8');

beforeAll(async () => {
  copy = mkdtempSync(join(tmpdir(), 'platlint-contributing-'));
  for (const folder of ['src', 'rules']) cpSync(join(ROOT, folder), join(copy, folder), { recursive: true });
  for (const file of ['tsconfig.json', 'eslint.config.js', 'package.json']) cpSync(join(ROOT, file), join(copy, file));
  symlinkSync(join(ROOT, 'node_modules'), join(copy, 'node_modules'), 'dir');
  for (const { file, heading, marker } of [...WRITTEN, ...STAGE_WRITTEN]) {
    mkdirSync(dirname(join(copy, file)), { recursive: true });
    writeFileSync(join(copy, file), docBlock(PAGE, heading, marker));
  }
  for (const { file, heading, marker } of [REGISTRATION, STAGE_REGISTRATION]) writeFileSync(join(copy, file), register(read(file), docBlock(PAGE, heading, marker)));
  writeFileSync(join(copy, STAGE_EDIT.file), reportFromStage(read(STAGE_EDIT.file), docBlock(PAGE, STAGE_EDIT.heading, STAGE_EDIT.marker)));
  const load = async <T>(file: string): Promise<T> => (await import(pathToFileURL(join(copy, file)).href)) as T;
  ({ builtinRules: rules } = await load<{ builtinRules: readonly Rule[] }>('rules/index.ts'));
  ({ lintText } = await load<{ lintText: typeof LintText }>('src/engine/lint.ts'));
  ({ presetSettings } = await load<{ presetSettings: typeof PresetSettings }>('src/engine/presets.ts'));
});

afterAll(() => {
  if (copy) rmSync(copy, { recursive: true, force: true });
});

describe('the add-a-rule walk-through', () => {
  it('registers the rule through the copied registry, in the category of its folder', () => {
    const rule = rules.find((r) => r.meta.id === RULE_ID);
    expect(rule?.meta.kinds).toEqual(['User']);
    expect(rules.filter((r) => r.meta.id.startsWith('user/')).at(-1)).toBe(rule);
  });

  it('compiles with the project tsconfig', () => {
    const tsconfig = join(copy, 'tsconfig.walkthrough.json');
    writeFileSync(tsconfig, JSON.stringify({ extends: './tsconfig.json', compilerOptions: { noEmit: true }, include: [`${RULE_DIR}/index.ts`, 'rules/index.ts'] }));
    const tsc = spawnSync(process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', tsconfig], { cwd: copy, encoding: 'utf8' });
    expect(`${tsc.stdout}${tsc.stderr}`).toBe('');
    expect(tsc.status).toBe(0);
  });

  it('passes the project ESLint config (max-lines, no process, imports from rules/api.ts only)', async () => {
    const eslint = new ESLint({ cwd: copy });
    const [result] = await eslint.lintFiles([`${RULE_DIR}/index.ts`]);
    expect(result?.messages.map((m) => `${m.line}:${m.column} ${m.ruleId ?? ''} ${m.message}`)).toEqual([]);
  });

  it('reports exactly the marked lines of its invalid fixture, at the values, each with its fix', () => {
    const text = read(`${FIXTURE_DIR}/invalid.yaml`);
    const own = lintCopy(text).filter((d) => d.ruleId === RULE_ID);
    expect(spans(own)).toEqual([
      [RULE_ID, 8, 16, 8, 27],
      [RULE_ID, 16, 16, 16, 23],
    ]);
    expect(new Set(own.map((d) => `${d.line} ${d.ruleId}`))).toEqual(expectedMarkers(text));
    expect(own.map((d) => [d.severity, d.message])).toEqual([
      ['warning', 'spec.displayName "Jane Doe " starts or ends with spaces.'],
      ['warning', 'spec.displayName "  Bob" starts or ends with spaces.'],
    ]);
    expect(own.map((d) => d.fix?.edits.map((e) => text.slice(0, e.start) + e.text + text.slice(e.end)).map((t) => t.split('\n')[d.line - 1]))).toEqual([
      ['  displayName: Jane Doe # expect: user/display-name-spaces'],
      ['  displayName: Bob # expect: user/display-name-spaces'],
    ]);
  });

  it('reports nothing on its valid fixture, and nothing else reports an error there', () => {
    const diagnostics = lintCopy(read(`${FIXTURE_DIR}/valid.yaml`));
    expect(diagnostics.filter((d) => d.ruleId === RULE_ID || d.severity === 'error').map((d) => `${d.ruleId}: ${d.message}`)).toEqual([]);
  });

  it('gives the same diagnostics with and without section pruning', () => {
    for (const file of ['invalid.yaml', 'valid.yaml']) {
      const text = read(`${FIXTURE_DIR}/${file}`);
      expect(lintCopy(text, { pruneSections: false })).toEqual(lintCopy(text));
    }
  });

  it('has a doc page whose invalid example gives one diagnostic of the rule and whose valid example none', () => {
    const doc = read(`${RULE_DIR}/README.md`);
    const rule = rules.find((r) => r.meta.id === RULE_ID);
    expect(doc.startsWith(`# ${RULE_ID}\n\n${rule?.meta.description ?? ''}.\n`)).toBe(true);
    expect(doc).toMatch(/^## Why$/m);
    const [invalid, valid] = [ruleDocExample(doc, 'Invalid'), ruleDocExample(doc, 'Valid')];
    expect(invalid, 'an "## Invalid" yaml block').toBeDefined();
    expect(valid, 'a "## Valid" yaml block').toBeDefined();
    const reported = (text: string): Diagnostic[] => lintCopy(text).filter((d) => d.ruleId === RULE_ID || d.severity === 'error');
    expect(spans(reported(invalid ?? ''))).toEqual([[RULE_ID, 7, 16, 7, 27]]);
    expect(reported(valid ?? '')).toEqual([]);
  });
});

describe('the walk-through of a rule an engine stage reports', () => {
  it('registers the rule, with its stage and no check of its own', () => {
    const rule = rules.find((r) => r.meta.id === STAGE_RULE_ID);
    expect(rule?.meta.stages).toEqual(['extract']);
    expect(rule?.check).toBeUndefined();
    expect(rules.filter((r) => r.meta.id.startsWith('resource/')).at(-1)).toBe(rule);
  });

  it('compiles with the project tsconfig, the stage that reports it included', () => {
    const tsconfig = join(copy, 'tsconfig.stage-walkthrough.json');
    writeFileSync(tsconfig, JSON.stringify({ extends: './tsconfig.json', compilerOptions: { noEmit: true }, include: [`${STAGE_RULE_DIR}/index.ts`, STAGE_EDIT.file, 'rules/index.ts'] }));
    const tsc = spawnSync(process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', tsconfig], { cwd: copy, encoding: 'utf8' });
    expect(`${tsc.stdout}${tsc.stderr}`).toBe('');
    expect(tsc.status).toBe(0);
  });

  it('passes the project ESLint config, the rule and the stage', async () => {
    const eslint = new ESLint({ cwd: copy });
    const results = await eslint.lintFiles([`${STAGE_RULE_DIR}/index.ts`, STAGE_EDIT.file]);
    expect(results.flatMap((r) => r.messages.map((m) => `${r.filePath}:${m.line}:${m.column} ${m.ruleId ?? ''} ${m.message}`))).toEqual([]);
  });

  it('reports exactly the marked lines of its invalid fixture, at `items`, through the stage', () => {
    const text = read(`${STAGE_FIXTURE_DIR}/invalid.yaml`);
    const own = lintCopy(text).filter((d) => d.ruleId === STAGE_RULE_ID);
    expect(spans(own)).toEqual([
      [STAGE_RULE_ID, 4, 1, 4, 6],
      [STAGE_RULE_ID, 8, 1, 8, 6],
    ]);
    expect(new Set(own.map((d) => `${d.line} ${d.ruleId}`))).toEqual(expectedMarkers(text));
    expect(own.map((d) => [d.severity, d.message])).toEqual([
      ['warning', 'This UserList has no items.'],
      ['warning', 'This ConfigList has no items.'],
    ]);
  });

  it('reports nothing on its valid fixture, nor when the settings turn it off, and nothing else reports an error there', () => {
    const diagnostics = lintCopy(read(`${STAGE_FIXTURE_DIR}/valid.yaml`));
    expect(diagnostics.filter((d) => d.ruleId === STAGE_RULE_ID || d.severity === 'error').map((d) => `${d.ruleId}: ${d.message}`)).toEqual([]);
    const settings = presetSettings('strict', rules);
    settings.set(STAGE_RULE_ID, { severity: 'off' });
    expect(lintText(read(`${STAGE_FIXTURE_DIR}/invalid.yaml`), { filename: 'test.yaml', rules, settings }).diagnostics.filter((d) => d.ruleId === STAGE_RULE_ID)).toEqual([]);
  });

  it('has a doc page whose invalid example gives one diagnostic of the rule and whose valid example none', () => {
    const doc = read(`${STAGE_RULE_DIR}/README.md`);
    const rule = rules.find((r) => r.meta.id === STAGE_RULE_ID);
    expect(doc.startsWith(`# ${STAGE_RULE_ID}\n\n${rule?.meta.description ?? ''}.\n`)).toBe(true);
    const [invalid, valid] = [ruleDocExample(doc, 'Invalid'), ruleDocExample(doc, 'Valid')];
    const reported = (text: string): Diagnostic[] => lintCopy(text).filter((d) => d.ruleId === STAGE_RULE_ID || d.severity === 'error');
    expect(spans(reported(invalid ?? ''))).toEqual([[STAGE_RULE_ID, 3, 1, 3, 6]]);
    expect(reported(valid ?? '')).toEqual([]);
  });
});

describe('the paths and scripts the page names', () => {
  const page = readFileSync(join(ROOT, PAGE), 'utf8');

  it('names paths of the checkout that exist (but those the walk-through creates)', () => {
    const named = new Set([...page.matchAll(/(?<![\w./-])((?:\.ci|docs|fixtures|rules|src|test)\/[\w./-]*)/g)].map((m) => (m[1] ?? '').replace(/\.$/, '')));
    const missing = [...named].filter((path) => !path.includes('display-name-spaces') && !path.includes('empty-list') && !existsSync(join(ROOT, path)));
    expect(named.size).toBeGreaterThan(50);
    expect(missing).toEqual([]);
  });

  it('names npm scripts of package.json', () => {
    const scripts = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
    const named = new Set([...page.matchAll(/npm run (?:--silent )?([\w:-]+)/g)].map((m) => m[1] ?? ''));
    expect([...named].filter((name) => !(name in scripts))).toEqual([]);
    expect([...named].sort()).toEqual(['bench', 'bench:smoke', 'build', 'lint', 'oracle:record', 'site', 'site:serve', 'test:e2e', 'typecheck']);
  });
});
