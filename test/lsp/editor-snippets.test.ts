/**
 * The commands of docs/editors.md that no editor test runs: the npx line for other LSP clients, and the snippets of
 * the editors that cannot be installed here (Helix, VS Code), of which what runs outside the editor is run. Helix's command is run as Helix would run it; VS Code's extension.js is activated
 * against stand-ins for the `vscode` and `vscode-languageclient` modules, which only record what it asks of them.
 */
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { createMessageConnection, StreamMessageReader, StreamMessageWriter, type InitializeResult } from 'vscode-languageserver/node.js';
import { docBlock } from '../docs/doc-blocks.js';
import { repoRoot } from '../integrations/built-cli.js';
import { workspace } from './client.js';
import { MANIFESTS, NOT_INSTALLED, pathWithoutPlatlint, projectWithPlatlint } from './editor-project.js';
import { parseClientSettings } from '../../src/lsp/client-settings.js';

let project: string;
let bare: string;

beforeAll(() => {
  project = projectWithPlatlint();
  bare = workspace(MANIFESTS);
}, 120_000);

/** The `command` and `args` of `[language-server.platlint]` (basic TOML strings, which read as JSON here). */
function helixCommand(): { command: string; args: string[] } {
  const block = docBlock('docs/editors.md', 'Helix', '[language-server.platlint]');
  const command = /^command = (".*")$/m.exec(block)?.[1];
  const args = /^args = (\[.*\])$/m.exec(block)?.[1];
  if (!command || !args) throw new Error('docs/editors.md: the Helix block has no command or args line');
  return { command: JSON.parse(command) as string, args: JSON.parse(args) as string[] };
}

/** Starts `command` in `cwd` as an editor would, asks `initialize`, then `shutdown` and `exit`: the server's name and exit code. */
async function handshake(command: string, args: readonly string[], cwd: string, env: NodeJS.ProcessEnv = process.env): Promise<[string | undefined, number | null]> {
  const server = spawn(command, args, { cwd, env: { ...env, PATH: pathWithoutPlatlint }, stdio: ['pipe', 'pipe', 'pipe'] });
  const connection = createMessageConnection(new StreamMessageReader(server.stdout), new StreamMessageWriter(server.stdin));
  connection.listen();
  const exited = new Promise<number | null>((resolve) => server.on('exit', resolve));
  const result = await connection.sendRequest<InitializeResult>('initialize', { processId: null, rootUri: null, capabilities: {} });
  await connection.sendRequest('shutdown');
  await connection.sendNotification('exit');
  const code = await exited;
  connection.dispose();
  return [result.serverInfo?.name, code];
}

describe('the command for another LSP client in docs/editors.md', () => {
  it("npx --no-install starts the project's platlint from a folder below the project root", async () => {
    const line = /run `(npx [^`]*)` in the project/.exec(readFileSync(join(repoRoot, 'docs/editors.md'), 'utf8'))?.[1];
    expect(line).toBe('npx --no-install platlint lsp --stdio');
    const [npx, ...args] = (line ?? '').split(' ');
    // As a user runs it, without the settings of an `npm test` that started this process.
    const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !/^npm_/i.test(key)));
    expect(await handshake(npx ?? 'npx', args, join(project, 'users'), env)).toEqual(['platlint', 0]);
  }, 30_000);
});

describe("Helix's command from docs/editors.md", () => {
  it("starts the project's platlint from a folder below the project root, and it answers initialize", async () => {
    const { command, args } = helixCommand();
    expect(await handshake(command, args, join(project, 'users'))).toEqual(['platlint', 0]);
  }, 30_000);

  it('says in one line on stderr that there is no platlint, and exits 1', () => {
    const { command, args } = helixCommand();
    const run = spawnSync(command, args, { cwd: bare, env: { ...process.env, PATH: pathWithoutPlatlint }, encoding: 'utf8', input: '' });
    expect([run.status, run.stdout, run.stderr]).toEqual([1, '', `${NOT_INSTALLED}\n`]);
  });
});

/** Stand-ins for the modules VS Code gives an extension: they record the calls in `globalThis.seen`. */
const STAND_INS: Readonly<Record<string, string>> = {
  'node_modules/vscode/index.js': [
    'globalThis.seen = { warnings: [], clients: [] };',
    'module.exports = {',
    '  workspace: { workspaceFolders: [{ uri: { fsPath: process.env.FOLDER } }] },',
    '  window: { showWarningMessage: (message) => { globalThis.seen.warnings.push(message); } },',
    '};',
  ].join('\n'),
  'node_modules/vscode-languageclient/node.js': [
    'exports.LanguageClient = class {',
    '  constructor(id, name, server, client) { globalThis.seen.clients.push({ id, name, server, client }); }',
    "  start() { return Promise.resolve('started'); }",
    '};',
  ].join('\n'),
};

/** Activates the docs' extension.js in a new Node.js with the workspace folder `folder`: what it asked of VS Code. */
function activateExtension(folder: string): unknown {
  const extension = workspace({ 'extension.js': docBlock('docs/editors.md', 'VS Code', "require('vscode-languageclient/node')"), ...STAND_INS });
  const driver = join(extension, 'driver.js');
  writeFileSync(driver, "const result = require('./extension.js').activate();\nPromise.resolve(result).then((r) => console.log(JSON.stringify({ ...globalThis.seen, result: r ?? null })));\n");
  const run = spawnSync(process.execPath, [driver], { cwd: extension, env: { ...process.env, PATH: pathWithoutPlatlint, FOLDER: folder }, encoding: 'utf8' });
  expect([run.status, run.stderr]).toEqual([0, '']);
  return JSON.parse(run.stdout) as unknown;
}

describe("VS Code's extension.js from docs/editors.md", () => {
  it("starts the project's platlint over stdio for YAML files", () => {
    expect(activateExtension(join(project, 'users'))).toEqual({
      warnings: [],
      clients: [
        {
          id: 'platlint',
          name: 'platlint',
          server: { command: join(project, 'node_modules/.bin/platlint'), args: ['lsp', '--stdio'], options: { cwd: join(project, 'users') } },
          client: { documentSelector: [{ scheme: 'file', language: 'yaml' }] },
        },
      ],
      result: 'started',
    });
  });

  it('without platlint, shows the one-line warning and starts nothing', () => {
    expect(activateExtension(bare)).toEqual({ warnings: [NOT_INSTALLED], clients: [], result: null });
  });

  it('the package.json and settings.json blocks are JSON', () => {
    expect(JSON.parse(docBlock('docs/editors.md', 'VS Code', '"activationEvents"'))).toMatchObject({ main: 'extension.js', activationEvents: ['onLanguage:yaml'] });
    const settings = JSON.parse(docBlock('docs/editors.md', 'VS Code', '"editor.codeActionsOnSave"')) as Record<string, unknown>;
    expect(settings).toEqual({
      '[yaml]': { 'editor.codeActionsOnSave': { 'source.fixAll.platlint': 'explicit' } },
      platlint: { rules: { 'meta/labels': 'off' }, unfixable: ['schema/unknown-field'] },
    });
    // The server reads its section as written.
    expect(parseClientSettings(settings['platlint'])).toEqual({
      settings: { enable: true, overrides: [{ pattern: 'meta/labels', severity: 'off' }, { pattern: 'schema/unknown-field', unfixable: true }] },
      problems: [],
    });
  });
});
