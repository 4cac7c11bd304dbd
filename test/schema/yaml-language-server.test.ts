/**
 * The exported JSON Schemas in the real YAML language server (the `yaml-language-server` devDependency, the server
 * of the VS Code YAML extension and of Neovim's yamlls), driven over stdio as an editor drives it: settings pulled
 * with `workspace/configuration`, schemas by modeline and by glob, diagnostics as published, completion as requested.
 * The settings, the schema file names, the glob and the modeline are those of docs/editors.md (its VS Code settings
 * block, with the schema store off, as the page says to do without network).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createMessageConnection,
  StreamMessageReader,
  StreamMessageWriter,
  type CompletionItem,
  type CompletionList,
  type MessageConnection,
  type PublishDiagnosticsParams,
} from 'vscode-languageserver/node.js';
import { runCli } from '../helpers/cli.js';
import { tempTree } from '../helpers/files.js';
import { within } from '../lsp/client.js';
import { docBlock } from '../docs/doc-blocks.js';

/** A separate process that loads its schemas from files: more time than the in-process server of test/lsp gets. */
const WAIT_MS = 20_000;
const EXAMPLES = join(import.meta.dirname, '../../fixtures/examples');
const serverBin = createRequire(import.meta.url).resolve('yaml-language-server/bin/yaml-language-server');
const PAGE = 'docs/editors.md';
const SECTION = 'JSON Schemas for yaml-language-server';

/** The page's VS Code settings (`"yaml.schemas": ...`) as the `yaml` section the server pulls: `{ schemas: ... }`. */
function documentedSettings(): Record<string, unknown> {
  const flat = JSON.parse(docBlock(PAGE, SECTION, '"yaml.schemas"')) as Record<string, unknown>;
  return Object.fromEntries(Object.entries(flat).map(([key, value]) => [key.replace(/^yaml\./, ''), value]));
}

/** The page's modeline for the User schema, for `schema`: relative to the YAML file. */
function documentedModeline(schema: 'user' | 'config'): string {
  const line = docBlock(PAGE, SECTION, '# yaml-language-server: $schema=').split('\n')[0] ?? '';
  return `${line.replace('platlint-user.schema.json', `platlint-${schema}.schema.json`)}\n`;
}

let dir: string;
let server: ChildProcess;
let connection: MessageConnection;
const published = new Map<string, (params: PublishDiagnosticsParams) => void>();
const unread = new Map<string, PublishDiagnosticsParams>();

function schemaFile(name: string): string {
  const run = runCli(['schema', name]);
  if (run.status !== 0) throw new Error(`platlint schema ${name}: ${run.stderr}`);
  return run.stdout;
}

/** Opens a document and resolves with the diagnostics the server publishes for it: `[line (1-based), message]`. */
async function diagnose(name: string, text: string): Promise<[number, string][]> {
  const uri = pathToFileURL(join(dir, name)).href;
  const received = new Promise<PublishDiagnosticsParams>((resolve) => {
    const early = unread.get(uri);
    if (early) resolve(early);
    else published.set(uri, resolve);
  });
  await connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'yaml', version: 1, text } });
  const { diagnostics } = await within(received, `diagnostics of ${name}`, WAIT_MS);
  return diagnostics.map((d) => [d.range.start.line + 1, d.message]);
}

/** The labels the server completes at a 1-based line and 0-based column of an opened document. */
async function complete(name: string, line: number, character: number): Promise<string[]> {
  const uri = pathToFileURL(join(dir, name)).href;
  const result = await within(
    connection.sendRequest<CompletionList | CompletionItem[] | null>('textDocument/completion', { textDocument: { uri }, position: { line: line - 1, character } }),
    `completion in ${name}`,
    WAIT_MS,
  );
  return (Array.isArray(result) ? result : (result?.items ?? [])).map((item) => item.label);
}

const modeline = (schema: string): string => `# yaml-language-server: $schema=${join(dir, `platlint-${schema}.schema.json`)}\n`;

beforeAll(async () => {
  dir = tempTree('platlint-yamlls-', {
    'platlint-user.schema.json': schemaFile('user'),
    'platlint-config.schema.json': schemaFile('config'),
    'platlint-manifest.schema.json': schemaFile('manifest'),
  });
  const yaml = {
    validate: true,
    completion: true,
    hover: true,
    format: { enable: false },
    schemaStore: { enable: false },
    // YAML 1.1, and the glob form: every YAML file under platform/, Users and Configs alike, both paths relative to
    // the workspace folder, as an editor's settings file writes them.
    ...documentedSettings(),
  };
  expect(yaml).toMatchObject({ yamlVersion: '1.1', schemas: { './platlint-manifest.schema.json': ['platform/**/*.yaml'] } });
  server = spawn(process.execPath, [serverBin, '--stdio'], { cwd: dir, stdio: ['pipe', 'pipe', 'pipe'] });
  const { stdin, stdout } = server;
  if (!stdin || !stdout) throw new Error('yaml-language-server: no stdio');
  connection = createMessageConnection(new StreamMessageReader(stdout), new StreamMessageWriter(stdin));
  let configured: () => void = () => undefined;
  const asked = new Promise<void>((resolve) => (configured = resolve));
  connection.onRequest('workspace/configuration', (params: { items: { section?: string }[] }) => {
    configured();
    return params.items.map((item) => (item.section === 'yaml' ? yaml : null));
  });
  connection.onRequest('client/registerCapability', () => null);
  connection.onNotification('window/logMessage', () => undefined);
  connection.onNotification('textDocument/publishDiagnostics', (params: PublishDiagnosticsParams) => {
    const waiter = published.get(params.uri);
    if (waiter) {
      published.delete(params.uri);
      waiter(params);
    } else {
      unread.set(params.uri, params);
    }
  });
  connection.listen();
  await within(
    connection.sendRequest('initialize', {
      processId: process.pid,
      rootUri: pathToFileURL(dir).href,
      workspaceFolders: [{ uri: pathToFileURL(dir).href, name: 'repository' }],
      capabilities: { workspace: { configuration: true }, textDocument: { completion: { completionItem: { snippetSupport: false } } } },
    }),
    'initialize',
    WAIT_MS,
  );
  await connection.sendNotification('initialized', {});
  await within(asked, 'the server to ask for its settings', WAIT_MS);
}, 60_000);

afterAll(async () => {
  if (connection) {
    await within(connection.sendRequest('shutdown'), 'shutdown', WAIT_MS).catch(() => undefined);
    await connection.sendNotification('exit').catch(() => undefined);
    connection.dispose();
  }
  server?.kill();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const JANE = ['apiVersion: management.platform/v1', 'kind: User', 'metadata:', '  name: jane', 'spec:', '  username: jane', ''];

describe('platlint schema user in yaml-language-server, by modeline', () => {
  it('reports an unknown field at its line, and reads `disabled: no` as YAML 1.1 does (a boolean)', async () => {
    const text = modeline('user') + [...JANE.slice(0, -1), '  emial: jane@example.com', '  disabled: no', ''].join('\n');
    expect(await diagnose('unknown-field.yaml', text)).toEqual([[8, 'Property emial is not allowed.']]);
  });

  it('reports kind: Usr at its line', async () => {
    const text = modeline('user') + JANE.join('\n').replace('kind: User', 'kind: Usr');
    expect(await diagnose('kind.yaml', text)).toEqual([[3, 'Value must be "User".']]);
  });

  it('reports a misspelt apiVersion at its line', async () => {
    const text = modeline('user') + JANE.join('\n').replace('management.platform/v1', 'management.platfrom/v1');
    expect(await diagnose('api-version.yaml', text)).toEqual([[2, 'Value is not accepted. Valid values: "management.platform/v1".']]);
  });

  it('reports a missing metadata.name at the metadata line', async () => {
    const text = modeline('user') + JANE.join('\n').replace('  name: jane', '  labels:\n    team: sre');
    expect(await diagnose('no-name.yaml', text)).toEqual([[4, 'Missing property "name".']]);
  });

  it('says what a name looks like, and that an empty required field counts as none', async () => {
    const text = modeline('user') + [
      'apiVersion: management.platform/v1',
      'kind: User',
      'metadata:',
      '  name: Jane_Doe',
      '  ownerReferences:',
      '    - apiVersion: management.platform/v1',
      '      kind: Team',
      '      name: sre',
      '      uid: ""',
      'spec:',
      '  access:',
      '    - verbs: []',
      '',
    ].join('\n');
    expect(await diagnose('patterns.yaml', text)).toEqual([
      [5, 'A lowercase DNS-1123 subdomain: a-z, 0-9, "-" and ".", starting and ending with a letter or digit (jane-doe).'],
      [10, 'Required: the platform reads an empty value as the field left out.'],
      [13, 'Array has too few items. Expected 1 or more.'],
    ]);
  });

  it('covers only the YAML document it is written in (the docs say: one modeline per document, or a glob)', async () => {
    const usr = JANE.join('\n').replace('kind: User', 'kind: Usr');
    const text = [modeline('user') + usr, modeline('user') + usr, usr].join('---\n');
    expect(await diagnose('documents.yaml', text)).toEqual([[3, 'Value must be "User".'], [11, 'Value must be "User".']]);
  });

  it('completes kind: with User', async () => {
    await diagnose('complete-user.yaml', modeline('user') + JANE.join('\n').replace('kind: User', 'kind: '));
    expect(await complete('complete-user.yaml', 3, 6)).toEqual(['User']);
  });

  it('passes the shipped realistic examples, with the schema path relative to the YAML file', async () => {
    for (const [example, schema] of [['maximal-user.yaml', 'user'], ['exported-user.yaml', 'user'], ['maximal-config.yaml', 'config']] as const) {
      expect(await diagnose(`modeline-${example}`, documentedModeline(schema) + readFileSync(join(EXAMPLES, example), 'utf8')), example).toEqual([]);
    }
    // The same relative modeline does reach the schema: a User's spec in a Config is reported.
    const broken = documentedModeline('config') + JANE.join('\n').replace('kind: User', 'kind: Config');
    expect(await diagnose('modeline-relative.yaml', broken)).toEqual([[7, 'Property username is not allowed.']]);
  });
});

describe('platlint schema manifest in yaml-language-server', () => {
  it('completes kind: with User and Config, and then the kind\'s own fields', async () => {
    await diagnose('complete-manifest.yaml', modeline('manifest') + JANE.join('\n').replace('kind: User', 'kind: '));
    expect(await complete('complete-manifest.yaml', 3, 6)).toEqual(['User', 'Config']);
    await diagnose('complete-spec.yaml', modeline('manifest') + [...JANE.slice(0, 5), '  ', ''].join('\n'));
    expect(await complete('complete-spec.yaml', 7, 2)).toContain('tokenGeneration');
  });

  it('by glob: passes the shipped realistic examples, Users and Configs, and leaves other tools\' files alone', async () => {
    for (const example of ['maximal-user.yaml', 'exported-user.yaml', 'maximal-config.yaml']) {
      expect(await diagnose(`platform/${example}`, readFileSync(join(EXAMPLES, example), 'utf8')), example).toEqual([]);
    }
    const kustomization = 'apiVersion: kustomize.config.k8s.io/v1beta1\nkind: Kustomization\nresources:\n  - users/\n';
    expect(await diagnose('platform/kustomization.yaml', kustomization)).toEqual([]);
  });

  it('by glob: checks each document by its kind, at any depth under the folder', async () => {
    const text = [
      ...JANE.slice(0, -1),
      '  emial: jane@example.com',
      '---',
      'apiVersion: management.platform/v1',
      'kind: Usr',
      'metadata:',
      '  name: jane',
      '---',
      'apiVersion: management.platform/v1',
      'kind: Config',
      'metadata:',
      '  name: platform',
      'status:',
      '  audit:',
      '    enabled: true',
      '',
    ].join('\n');
    // `platform/**/*.yaml` matches files in platform/ itself and in its subfolders.
    for (const file of ['platform/mixed.yaml', 'platform/users/mixed.yaml']) {
      expect(await diagnose(file, text), file).toEqual([
        [7, 'Property emial is not allowed.'],
        [10, 'Value is not accepted. Valid values: "User", "Config".'],
        [19, 'Missing property "path".'],
      ]);
    }
  });
});
