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
const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
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
    readStdin: async () => ({ bytes: new Uint8Array() }),
  });
  return { code, out, err };
}

/** Where each case the suite expects to fail is refused, in its one-line patch file: [column, rule]. */
const REFUSED: Readonly<Record<string, Readonly<Record<number, readonly [number, string]>>>> = {
  'tests.json': {
    18: [21, 'patch/path-not-found'], 19: [21, 'patch/path-not-found'], 28: [21, 'patch/path-not-found'], 30: [22, 'patch/path-not-found'],
    31: [21, 'patch/path-not-found'], 44: [25, 'patch/path-not-found'], 55: [29, 'patch/test-failed'], 66: [24, 'patch/path-not-found'],
    69: [24, 'patch/path-not-found'], 70: [25, 'patch/path-not-found'], 71: [22, 'patch/path-not-found'], 72: [22, 'patch/path-not-found'],
    73: [21, 'patch/path-not-found'], 74: [2, 'patch/operation'], 75: [21, 'patch/pointer'], 76: [21, 'patch/pointer'],
    77: [2, 'patch/operation'], 78: [2, 'patch/operation'], 79: [2, 'patch/operation'], 80: [2, 'patch/operation'],
    81: [2, 'patch/operation'], 82: [22, 'patch/path-not-found'], 83: [2, 'patch/operation'], 84: [22, 'patch/path-not-found'],
    86: [8, 'patch/operation'], 87: [22, 'patch/path-not-found'], 88: [22, 'patch/path-not-found'], 89: [24, 'patch/path-not-found'],
    90: [24, 'patch/path-not-found'], 91: [24, 'patch/path-not-found'],
  },
  'spec_tests.json': { 0: [21, 'patch/path-not-found'], 9: [37, 'patch/test-failed'], 12: [21, 'patch/path-not-found'], 15: [37, 'patch/test-failed'] },
};

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
      const [column, rule] = REFUSED[file]?.[c.index] ?? [0, 'a case missing from REFUSED'];
      const at = `${join(dir, `${file}-${c.index}.patch.json`)}:1:${column}: error: `;
      expect(run.err).toEqual([expect.stringMatching(new RegExp(`^${escapeRegExp(at)}.+ \\(${escapeRegExp(rule)}\\)$`))]);
      return;
    }
    expect(run.code, run.err.join('\n')).toBe(0);
    const printed = parseYaml(run.out).documents[0]?.toJS();
    expect(printed).toEqual('expected' in c ? c.expected : c.doc);
  });
});
