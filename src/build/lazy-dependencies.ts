/**
 * Build step of the CLI bundle (bundle-cli.ts): its runtime dependencies (ajv, re2js), which stay in node_modules
 * beside it, are loaded when the code first reads one of their exports, not when the bundle starts. Most runs
 * compile no schema and check no pattern, and loading them would cost every start and every lint worker thread.
 * The sources import them like any module, so that the platform-neutral core needs no Node to load them (a browser
 * build bundles them); in the CLI bundle each is replaced by a module of getters that require it on first use.
 */
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { Plugin } from 'esbuild';
import { quoteMeta } from '../formats/go-text.js';

const NAMESPACE = 'lazy-dependency';

/** A CommonJS module whose exports are the package's, each a getter that requires the package when first read. */
function lazyModule(name: string, root: string): string {
  const loaded = createRequire(join(root, 'package.json'))(name) as Record<string, unknown>;
  const getters = Object.keys(loaded).map((key) => `Object.defineProperty(exports, ${JSON.stringify(key)}, { enumerable: true, get: () => load()[${JSON.stringify(key)}] });`);
  return [
    'let loaded;',
    `function load() { return (loaded ??= require(${JSON.stringify(name)})); }`,
    ...(loaded['__esModule'] === true ? ["Object.defineProperty(exports, '__esModule', { value: true });"] : []),
    ...getters,
  ].join('\n');
}

/** Replaces each of the packages named, imported by their bare name, with its module of getters. */
export function lazyDependenciesPlugin(names: readonly string[], root: string): Plugin {
  const filter = new RegExp(`^(?:${names.map(quoteMeta).join('|')})$`);
  return {
    name: 'lazy-dependencies',
    setup(b) {
      b.onResolve({ filter }, (args) => (args.namespace === NAMESPACE ? { path: args.path, external: true } : { path: args.path, namespace: NAMESPACE }));
      b.onLoad({ filter: /.*/, namespace: NAMESPACE }, (args) => ({ contents: lazyModule(args.path, root), loader: 'js', resolveDir: root }));
    },
  };
}
