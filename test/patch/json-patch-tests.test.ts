import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../../src/cli/program.js';
import { parseYaml } from '../../src/yaml/parse.js';

interface SuiteCase {
  doc?: unknown;
  patch?: unknown;
  expected?: unknown;
  error?: string;
  comment?: string;
  disabled?: boolean;
}

const SUITE = join(import.meta.dirname, '../../fixtures/json-patch-tests');
const dir = mkdtempSync(join(tmpdir(), 'platlint-json-patch-'));

/** `platlint patch --print` in process, as the CLI runs it. */
async function print(doc: unknown, patch: unknown, name: string): Promise<{ code: number; out: string; err: string[] }> {
  const base = join(dir, `${name}.base.json`);
  const patchFile = join(dir, `${name}.patch.json`);
  writeFileSync(base, JSON.stringify(doc));
  writeFileSync(patchFile, JSON.stringify(patch));
  let out = '';
  const err: string[] = [];
  const code = await main(['patch', '--print', base, patchFile], {
    cwd: dir,
    color: false,
    out: (text) => (out += text),
    error: (line) => err.push(line),
    readStdin: async () => new Uint8Array(),
  });
  return { code, out, err };
}

describe.each(['tests.json', 'spec_tests.json'])('json-patch-tests %s through patch --print', (file) => {
  const cases = (JSON.parse(readFileSync(join(SUITE, file), 'utf8')) as SuiteCase[])
    .map((c, index) => ({ ...c, index }))
    .filter((c) => c.patch !== undefined && !c.disabled);

  it('has its cases', () => {
    expect(cases.length).toBeGreaterThan(file === 'tests.json' ? 80 : 10);
  });

  it.each(cases.map((c) => [`#${c.index} ${c.comment ?? JSON.stringify(c.patch)}`, c] as const))('%s', async (_, c) => {
    const run = await print(c.doc, c.patch, `${file}-${c.index}`);
    if (c.error !== undefined) {
      expect(run.code, run.out).toBe(1);
      expect(run.out).toBe('');
      expect(run.err.length).toBeGreaterThan(0);
      return;
    }
    expect(run.code, run.err.join('\n')).toBe(0);
    const printed = parseYaml(run.out).documents[0]?.toJS();
    expect(printed).toEqual('expected' in c ? c.expected : c.doc);
  });
});
