/**
 * The platform-neutral core (src/engine, yaml, rule-model, schema, formats, platform, policy, rules/) runs in a
 * browser: its browser entry (src/browser/index.ts) bundles for the browser without reaching a Node module or any code
 * outside the core, and the bundle, run where no Node global exists, reports what the CLI's engine reports.
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
import { lintResult } from '../helpers/lint.js';
import { ROOT } from '../helpers/cli.js';

const ENTRY = 'src/browser/index.ts';
/** Where the bundle may take code from: the core, the browser entry, the packages, the validators compiled from the core's schemas. */
const ALLOWED = /^(?:src\/(?:engine|yaml|rule-model|schema|formats|platform|policy|browser)\/|rules\/|node_modules\/|dist\/src\/schema\/validators\.generated\.js$)/;

async function bundle(entry: string, format: 'esm' | 'iife'): Promise<esbuild.BuildResult<{ write: false; metafile: true }>> {
  // The build's own plugins, from dist/ where `npm run build` wrote them and the validators they take.
  const { bundledVariantsPlugin, validatorsPlugin } = (await import(pathToFileURL(join(ROOT, 'dist/src/build/bundle-cli.js')).href)) as typeof import('../../src/build/bundle-cli.js');
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
    plugins: [bundledVariantsPlugin, validatorsPlugin],
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
