/**
 * The platform-neutral core (src/engine, yaml, rule-model, schema, formats, platform, policy, rules/) runs in a
 * browser: its browser entry (src/browser/index.ts) bundles for the browser without reaching a Node module or any code
 * outside the core, and the bundle, run where no Node global exists, reports what the CLI's engine reports. So does the
 * playground's Web Worker (src/playground/worker.ts), which reaches the project layer's reading of settings, policies
 * and suppressions, the JSON report and the language server's conversions too: bundled as a browser bundle is (the
 * `.browser.ts` variants of src/build/variants.ts), it prints what the command it stands for prints.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { X509Certificate } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import { runInNewContext } from 'node:vm';
import * as esbuild from 'esbuild';
import { beforeAll, describe, expect, it } from 'vitest';
import type * as BrowserEntry from '../../src/browser/index.js';
import type { PresetName } from '../../src/engine/presets.js';
import type { PlaygroundTexts } from '../../src/browser/playground.js';
import type { Reply, Request } from '../../src/playground/protocol.js';
import { lintResult } from '../helpers/lint.js';
import { ROOT, runCli } from '../helpers/cli.js';
import { PLAYGROUND_CASES, runPlaygroundCommand } from '../helpers/playground-cli.js';

const ENTRY = 'src/browser/index.ts';
const WORKER = 'src/playground/worker.ts';
/** Where the bundle may take code from: the core, the browser entry, the packages, the validators compiled from the core's schemas. */
const ALLOWED = /^(?:src\/(?:engine|yaml|rule-model|schema|formats|platform|policy|browser)\/|rules\/|node_modules\/|dist\/src\/schema\/validators\.generated\.js$)/;
/** And the worker's: the core, the project layer's Node-free modules, the JSON report, the language server's conversions, hover and completion. */
const WORKER_ALLOWED = new RegExp(
  `${ALLOWED.source}|^src/(?:${[
    'playground/(?:worker|session|protocol)',
    'settings-file/(?:load|resolve|schema|paths|problems|path-functions\\.browser)',
    'suppressions/(?:suppressions|exceptions|unused)',
    'project/(?:rules-in-force|file-linting|settings)',
    'formatters/(?:json|summary|statistics)',
    'lsp/(?:convert|hover|completion|text-edits|cursor|fields|policy-fields|policy-context|policy-names|policy-signatures|vap-context)',
  ].join('|')})\\.ts$`,
);

async function bundle(entry: string, format: 'esm' | 'iife'): Promise<esbuild.BuildResult<{ write: false; metafile: true }>> {
  // The build's own plugins, from dist/ where `npm run build` wrote them and the validators they take.
  const { validatorsPlugin } = (await import(pathToFileURL(join(ROOT, 'dist/src/build/bundle-cli.js')).href)) as typeof import('../../src/build/bundle-cli.js');
  const { browserVariantsPlugin } = (await import(pathToFileURL(join(ROOT, 'dist/src/build/variants.js')).href)) as typeof import('../../src/build/variants.js');
  return esbuild.build({
    absWorkingDir: ROOT,
    entryPoints: [entry],
    bundle: true,
    platform: 'browser',
    format,
    globalName: 'platlint',
    write: false,
    metafile: true,
    logLevel: 'silent',
    // As the CLI bundle does: the schema validators compiled at build time, not at run time.
    plugins: [browserVariantsPlugin, validatorsPlugin],
  });
}

/** The messages of a build that fails, one line each. */
async function buildErrors(entry: string): Promise<string[]> {
  try {
    await bundle(entry, 'esm');
    return [];
  } catch (error) {
    return (error as esbuild.BuildFailure).errors.map((e) => `${e.location?.file ?? ''}: ${e.text}`);
  }
}

describe('the core in a browser', () => {
  let browser: typeof BrowserEntry;
  let inputs: string[];

  beforeAll(async () => {
    const built = await bundle(ENTRY, 'iife');
    inputs = Object.keys(built.metafile.inputs);
    const code = built.outputFiles[0]?.text ?? '';
    // A page's globals only: no process, Buffer, require, setImmediate.
    browser = runInNewContext(`${code}\nplatlint`, { TextDecoder, TextEncoder, URL, console }) as typeof BrowserEntry;
    browser.useBrowserHost({
      readCertificate: (der) => {
        try {
          new X509Certificate(der);
          return true;
        } catch {
          return false;
        }
      },
    });
  }, 60_000);

  it('bundles from the core alone: no Node module, nothing of the project layer, the CLI or the editor', () => {
    expect(inputs.filter((input) => !ALLOWED.test(input))).toEqual([]);
    expect(inputs).toContain('src/engine/lint.ts');
    expect(inputs).toContain('rules/index.ts');
  });

  it('fails to bundle what reaches a Node module, naming it', async () => {
    expect(await buildErrors('src/project/node-host.ts')).toEqual(expect.arrayContaining([expect.stringMatching(/^src\/project\/node-host\.ts: Could not resolve "node:module"/)]));
  });

  /** A file, its preset, and a rule it must report: certificates, Go regular expressions, the schema pass, YAML. */
  const cases: [string, PresetName, string][] = [
    ['fixtures/examples/broken-user.yaml', 'recommended', 'schema/unknown-field'],
    ['fixtures/examples/broken-config.yaml', 'recommended', 'schema/enum'],
    ['fixtures/auth/saml-ca/invalid.yaml', 'strict', 'auth/saml-ca'],
    ['fixtures/auth/groups-filters/invalid.yaml', 'strict', 'auth/groups-filters'],
    ['fixtures/yaml/syntax/invalid-indent.yaml', 'recommended', 'yaml/syntax'],
  ];

  it.each(cases)('reports on %s what the engine reports in Node (%s)', (file, preset, ruleId) => {
    const text = readFileSync(join(ROOT, file), 'utf8');
    const inBrowser = JSON.parse(JSON.stringify(browser.lintText(text, { filename: file, preset }))) as unknown;
    const inNode = lintResult(text, { filename: file, preset });
    expect(inBrowser).toEqual(JSON.parse(JSON.stringify(inNode)));
    expect(inNode.diagnostics.map((d) => d.ruleId)).toContain(ruleId);
  });
});

describe("the playground's worker in a browser", () => {
  let inputs: string[];
  const replies: Reply[] = [];
  let send: (request: Request) => void;

  beforeAll(async () => {
    const built = await bundle(WORKER, 'iife');
    inputs = Object.keys(built.metafile.inputs);
    // A worker's globals only: it answers through postMessage.
    const scope: Record<string, unknown> = { TextDecoder, TextEncoder, URL, console, postMessage: (reply: Reply) => replies.push(reply) };
    runInNewContext(built.outputFiles[0]?.text ?? '', scope);
    send = (request) => (scope['onmessage'] as (event: { data: Request }) => void)({ data: request });
  }, 60_000);

  async function reply(request: Request): Promise<Reply> {
    send(request);
    await expect.poll(() => replies.find((r) => r.id === request.id), { timeout: 30_000 }).toBeDefined();
    return replies.find((r) => r.id === request.id) as Reply;
  }

  it('bundles from the core and the Node-free modules of the layers above it', () => {
    expect(inputs.filter((input) => !ALLOWED.test(input) && !WORKER_ALLOWED.test(input))).toEqual([]);
    expect(inputs).toEqual(expect.arrayContaining(['src/settings-file/path-functions.browser.ts', 'src/browser/playground.ts', 'src/lsp/convert.ts', 'src/formatters/json.ts']));
    expect(inputs.some((input) => input.startsWith('node_modules/@peculiar/asn1-x509/'))).toBe(true);
  });

  const certificates: [string, PlaygroundTexts][] = ['fixtures/auth/saml-ca/invalid.yaml', 'fixtures/auth/saml-ca/valid.yaml'].map((file) => [
    `${file} (strict)`,
    { manifest: readFileSync(join(ROOT, file), 'utf8'), config: 'extends: [strict]\n', policy: '' },
  ]);
  let id = 0;

  it.each([...PLAYGROUND_CASES, ...certificates])('prints what the command prints: %s', async (_, texts) => {
    const lint = await reply({ id: ++id, type: 'lint', texts });
    const command = runPlaygroundCommand(texts);
    expect(lint.type === 'lint' && lint.stdout).toBe(command.stdout);
    expect(lint.type === 'lint' && lint.stderr.join('\n')).toBe(command.stderr.replaceAll(command.dir, '/playground').trimEnd());
  });

  it('fixes all as --fix does, and hovers a field with its schema', async () => {
    const texts = { manifest: readFileSync(join(ROOT, 'fixtures/examples/broken-user.yaml'), 'utf8'), config: '', policy: '' };
    await reply({ id: ++id, type: 'lint', texts });
    const fixAll = await reply({ id: ++id, type: 'fixAll' });
    const fixed = fixAll.type === 'fixAll' ? fixAll.edits.reduceRight((text, edit) => text.slice(0, edit.from) + edit.insert + text.slice(edit.to), texts.manifest) : '';
    const command = runCli(['--fix-dry-run', '--format', 'json', '--stdin-filename', 'playground.yaml', '-'], { input: texts.manifest });
    expect(fixed).toBe((JSON.parse(command.stdout) as { results: { output: string }[] }).results[0]?.output);
    const hover = await reply({ id: ++id, type: 'hover', editor: 'manifest', offset: texts.manifest.indexOf('tokenGeneration') + 2 });
    expect(hover.type === 'hover' && hover.markdown?.split('\n')[0]).toBe('**tokenGeneration**: integer');
  });

  it('hovers a field a policy rule on one kind selects', async () => {
    const policy = readFileSync(join(ROOT, 'fixtures/policies/no-cluster-admin/policy.yaml'), 'utf8');
    await reply({ id: ++id, type: 'lint', texts: { manifest: '', config: '', policy } });
    const hover = await reply({ id: ++id, type: 'hover', editor: 'policy', offset: policy.indexOf('clusterRoles') + 2 });
    expect(hover.type === 'hover' && hover.markdown?.split('\n')[0]).toBe('**clusterRoles**: list of object (UserClusterRole)');
  });
});
