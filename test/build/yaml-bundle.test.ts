import { createRequire } from 'node:module';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { foldSwitch, yamlBindingsPlugin, yamlDebugFlagsPlugin } from '../../src/build/yaml-bundle.js';

const yamlEntry = createRequire(import.meta.url).resolve('yaml');

async function bundleYaml(withPlugin: boolean): Promise<{ text: string; warnings: string[] }> {
  const result = await build({
    entryPoints: [yamlEntry],
    bundle: true,
    write: false,
    platform: 'node',
    format: 'cjs',
    logLevel: 'silent',
    plugins: withPlugin ? [yamlDebugFlagsPlugin] : [],
  });
  return { text: result.outputFiles[0]?.text ?? '', warnings: result.warnings.map((w) => w.text) };
}

describe('yaml-debug-flags', () => {
  it('folds every read of a switch to false and counts them', () => {
    expect(foldSwitch('if (p.env.X) a(); if (p.env.X && b) c();', 'p.env.X')).toEqual({ source: 'if (false) a(); if (false && b) c();', folded: 2 });
    expect(foldSwitch('nothing here', 'p.env.X')).toEqual({ source: 'nothing here', folded: 0 });
  });

  it('leaves no per-token environment read in the yaml package the CLI bundles', async () => {
    const plain = await bundleYaml(false);
    expect(plain.text).toContain('env.LOG_TOKENS');
    expect(plain.text).toContain('env.LOG_STREAM');
    const folded = await bundleYaml(true);
    expect(folded.warnings).toEqual([]);
    expect(folded.text).not.toContain('env.LOG_TOKENS');
    expect(folded.text).not.toContain('env.LOG_STREAM');
    // Only those two reads change: the bundle is otherwise the same size to within the folded text.
    expect(plain.text.length - folded.text.length).toBe('node_process.env.LOG_TOKENS'.length + 'node_process.env.LOG_STREAM'.length - 2 * 'false'.length);
  });

  it('reads each export of the yaml package once, into constants, for the code that imports it', async () => {
    const result = await build({
      stdin: { contents: "import { isScalar, parseDocument } from 'yaml';\nexport const scalar = isScalar(parseDocument('a: 1').contents?.items[0]?.value);\n", resolveDir: import.meta.dirname, loader: 'js' },
      bundle: true,
      write: false,
      platform: 'node',
      format: 'esm',
      logLevel: 'silent',
      plugins: [yamlBindingsPlugin],
    });
    const text = result.outputFiles[0]?.text ?? '';
    // One destructuring of the whole package, then plain calls.
    expect(text).toMatch(/var \{[^}]*\bisScalar\b[^}]*\bparseDocument\b[^}]*\} = /);
    expect(text).toMatch(/var scalar = isScalar\(parseDocument\(/);
  });
});
