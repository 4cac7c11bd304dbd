/**
 * How the CLI bundle takes in the `yaml` package, which platlint spends half its time in. Two build-time changes,
 * neither of which changes what the package does:
 *
 * 1. Its bindings are read once. The package is CommonJS; esbuild gives ES modules importing it an object whose
 *    every export is a getter, and platlint calls `isScalar`, `isMap` and the like millions of times per run, each
 *    call through a getter (about 1% of the workers' time). A small module in between reads each export once and
 *    exports it as a constant.
 *
 * 2. The package's Node build reads two debugging switches from the environment
 * on its hottest paths, `process.env.LOG_TOKENS` once per lexical token in the CST parser and
 * `process.env.LOG_STREAM` once per token in the composer. Each read of `process.env` is a call into Node's
 * environment (about 150 ns): some 3 million tokens in the realistic benchmark corpus, a tenth of what parsing
 * costs. The bundle folds both switches to `false`, which is what they are unless someone debugs the yaml package
 * itself; nothing else in the package changes, and the unbundled code (tests, the TypeScript sources) keeps them.
 *
 * If a new version of the package no longer has them where they were, the build says so and leaves the file as is.
 */
import type { Plugin } from 'esbuild';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/** The files of the yaml package that read a debugging switch per token, and the switch each reads. */
const SWITCHES: readonly { file: RegExp; read: string }[] = [
  { file: /[\\/]yaml[\\/]dist[\\/]parse[\\/]parser\.js$/, read: 'node_process.env.LOG_TOKENS' },
  { file: /[\\/]yaml[\\/]dist[\\/]compose[\\/]composer\.js$/, read: 'node_process.env.LOG_STREAM' },
];

/** The source with every read of the switch replaced by `false`, and how many there were. */
export function foldSwitch(source: string, read: string): { source: string; folded: number } {
  const parts = source.split(read);
  return { source: parts.join('false'), folded: parts.length - 1 };
}

export const yamlDebugFlagsPlugin: Plugin = {
  name: 'yaml-debug-flags',
  setup(build) {
    build.onLoad({ filter: new RegExp(SWITCHES.map((s) => s.file.source).join('|')) }, (args) => {
      const read = SWITCHES.find((s) => s.file.test(args.path))?.read;
      if (!read) return undefined;
      const source = readFileSync(args.path, 'utf8');
      const folded = foldSwitch(source, read);
      if (folded.folded === 0) {
        return { contents: source, loader: 'js', warnings: [{ text: `${read} is no longer in ${args.path}: src/build/yaml-bundle.ts has nothing to fold there` }] };
      }
      return { contents: folded.source, loader: 'js' };
    });
  },
};

/** Imports of `yaml` from outside the package go through a module that reads each of its exports once. */
export const yamlBindingsPlugin: Plugin = {
  name: 'yaml-bindings',
  setup(build) {
    build.onResolve({ filter: /^yaml$/ }, () => ({ path: 'yaml', namespace: 'yaml-bindings' }));
    build.onLoad({ filter: /^yaml$/, namespace: 'yaml-bindings' }, () => {
      const entry = require.resolve('yaml');
      const names = Object.keys(require('yaml') as Record<string, unknown>);
      return {
        contents: `import * as yaml from ${JSON.stringify(entry)};\nexport const { ${names.join(', ')} } = yaml;\n`,
        loader: 'js',
        resolveDir: process.cwd(),
      };
    });
  },
};

/** Both, as bundle-cli.ts and the benchmark's floor use them. */
export const yamlBundlePlugins: readonly Plugin[] = [yamlBindingsPlugin, yamlDebugFlagsPlugin];
