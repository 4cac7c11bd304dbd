/**
 * The map of the code (docs/contributing.md, "Layers") holds: no import cycle (madge), every import runs from a layer
 * down to a lower one or within its own, except the ones the map names and an engine stage's import of the handle of
 * a rule it reports, and the command line and the language server never import each other. A cycle or a new upward
 * import fails here, with the import that made it. And the core imports no Node module, no Node global and nothing
 * outside the core, which eslint.config.js enforces.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { builtinRules } from '../rules/index.js';
import { ROOT } from './helpers/cli.js';

/** The layers, lowest first: a folder may import its own layer and those before it. */
const LAYERS: readonly (readonly string[])[] = [
  ['src/formats'],
  // The rule model sits beside the YAML reader: its stages report findings, and the model's paths are the reader's.
  ['src/yaml', 'src/rule-model'],
  ['src/platform'],
  ['src/engine'],
  ['src/schema'],
  ['rules'],
  ['src/policy'],
  ['src/change', 'src/patch'],
  // The project layer: what a run knows about its files, shared by the CLI, its workers and the editor.
  ['src/settings-file', 'src/suppressions', 'src/project'],
  ['src/formatters'],
  ['src/cli', 'src/lsp', 'src/browser'],
  // The entry points: the process's, and the playground page's Web Worker and page (src/playground/).
  ['src/bin', 'src/playground'],
  ['src/build', 'src/site'],
];

/** The imports that run up, each named in docs/contributing.md. */
const UPWARD = [
  ['src/engine/lint.ts', 'src/schema/validate.ts'],
  ['src/engine/settings.ts', 'rules/aliases.ts'],
];

/** The rules whose findings an engine stage reports (`meta.stages`), by their module: the handles a stage imports. */
const STAGE_HANDLES = new Set(builtinRules.filter((rule) => rule.meta.stages !== undefined).map((rule) => `rules/${rule.meta.id}/index.ts`));

/** A stage of the core below rules/ importing the handle of a rule it reports for (docs/contributing.md). */
function isHandleImport(from: string, to: string): boolean {
  return STAGE_HANDLES.has(to) && ['src/yaml', 'src/engine', 'src/schema'].includes(folderOf(from));
}

function madge(...args: string[]): unknown {
  const run = spawnSync(process.execPath, [join(ROOT, 'node_modules/madge/bin/cli.js'), '--json', '--extensions', 'ts', ...args, 'src', 'rules'], { cwd: ROOT, encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`madge exited ${run.status}: ${run.stderr}`);
  return JSON.parse(run.stdout);
}

function folderOf(file: string): string {
  return file.startsWith('rules/') ? 'rules' : file.split('/').slice(0, 2).join('/');
}

function layerOf(file: string): number {
  const layer = LAYERS.findIndex((folders) => folders.includes(folderOf(file)));
  if (layer < 0) throw new Error(`${file} is in no layer: add its folder to LAYERS and to the map in docs/contributing.md`);
  return layer;
}

describe('the layers of the code', () => {
  const graph = madge() as Record<string, string[]>;
  const imports = Object.entries(graph).flatMap(([from, tos]) => tos.map((to) => [from, to] as const));

  it('has no import cycle', () => {
    expect(madge('--circular')).toEqual([]);
    // madge follows type-only and dynamic imports too.
    expect(graph['src/bin/main.ts']).toContain('src/lsp/server.ts');
  }, 60_000);

  it('imports down, but for the upward imports the map names and the stages\' handles', () => {
    expect(imports.filter(([from, to]) => layerOf(to) > layerOf(from) && !isHandleImport(from, to))).toEqual(UPWARD);
    const map = readFileSync(join(ROOT, 'docs/contributing.md'), 'utf8');
    for (const [from, to] of UPWARD) expect(map).toContain(`\`${from}\` → \`${to}\``);
  });

  it('keeps a stage\'s handle a rule\'s identity and messages: it imports rules/api.ts alone', () => {
    const handles = imports.filter(([from, to]) => layerOf(to) > layerOf(from) && isHandleImport(from, to)).map(([, to]) => to);
    // The YAML reader's, the decoder's, the extractor's, the schema pass's, the runner's and the directives' rules.
    expect(new Set(handles).size).toBe(20);
    for (const handle of new Set(handles)) expect([handle, graph[handle]]).toEqual([handle, ['rules/api.ts']]);
  });

  it('keeps the command line, the language server and the browser build apart', () => {
    const across = (a: string, b: string): (readonly [string, string])[] => imports.filter(([from, to]) => folderOf(from) === a && folderOf(to) === b);
    const apart = ['src/cli', 'src/lsp', 'src/browser'];
    expect(apart.flatMap((a) => apart.flatMap((b) => (a === b ? [] : across(a, b))))).toEqual([]);
    // What the browser build reaches of the layers below, and that it reaches no Node module: test/browser/bundle.test.ts.
    expect(graph['src/browser/playground.ts']).toContain('src/project/rules-in-force.ts');
  });
});

describe('the platform-neutral core (eslint.config.js)', () => {
  const probe = [
    "import { readFileSync } from 'node:fs';",
    "import { join } from 'path';",
    "import { hashText } from '../project/node-host.js';",
    "export const uses = [readFileSync, join, hashText, Buffer.from('')];",
    '',
  ].join('\n');

  async function problems(file: string): Promise<[string | null, number][]> {
    const [result] = await new ESLint({ cwd: ROOT }).lintText(probe, { filePath: join(ROOT, file) });
    return (result?.messages ?? []).map((m) => [m.ruleId, m.line]);
  }

  it('refuses Node modules, Node globals and the project layer in the core', async () => {
    const refused: [string, number][] = [
      ['no-restricted-imports', 1],
      ['no-restricted-imports', 2],
      ['no-restricted-imports', 3],
      ['no-restricted-globals', 4],
    ];
    expect(await problems('src/engine/probe.ts')).toEqual(refused);
    expect(await problems('src/policy/probe.ts')).toEqual(refused);
  }, 60_000);

  it('lets the project layer use Node', async () => {
    expect(await problems('src/project/probe.ts')).toEqual([]);
  }, 60_000);
});
