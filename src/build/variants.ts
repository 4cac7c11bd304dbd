/**
 * What a bundle takes in place of some modules, the CLI's (bundle-cli.ts) and the browser's (the playground's Web
 * Worker, bundled by the docs site's Vite: src/site/.vitepress/config.ts; test/browser/bundle.test.ts bundles it with
 * esbuild): a module `X.ts` with an `X.bundled.ts` beside it is bundled as that one (the precompiled validators,
 * imported statically), and in a browser bundle one with an `X.browser.ts` as that one (what Node would bring: paths);
 * and `./validators.generated.js`, which `npm run build` wrote into dist/, trimmed (lean-validators.ts) against the
 * schemas the bundle holds anyway.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Plugin } from 'esbuild';
import { leanValidatorsModule } from './lean-validators.js';

/** The suffixes of the variants a bundle takes, first found first. */
export const BUNDLED = ['.bundled.ts'] as const;
export const BROWSER = ['.browser.ts', '.bundled.ts'] as const;

export const GENERATED_VALIDATORS = /^\.\/validators\.generated\.js$/;

/** The variant of the module an import (`./X.js`, from `resolveDir`) names, if one is beside it, for every importer but that file itself. */
export function variantOf(resolveDir: string, path: string, importer: string, suffixes: readonly string[]): string | undefined {
  for (const suffix of suffixes) {
    const variant = resolve(resolveDir, path.replace(/\.js$/, suffix));
    if (existsSync(variant) && variant !== importer) return variant;
  }
  return undefined;
}

export function generatedValidatorsPath(root: string): string {
  const path = join(root, 'dist', 'src', 'schema', 'validators.generated.js');
  if (!existsSync(path)) throw new Error(`${path} is missing: run npm run build first`);
  return path;
}

/** The generated validators' code, trimmed against the schemas the bundle holds anyway. */
export async function leanValidators(root: string, code: string): Promise<string> {
  const { schemas } = (await import(pathToFileURL(join(root, 'dist', 'src', 'schema', 'index.js')).href)) as typeof import('../schema/index.js');
  return leanValidatorsModule(code, schemas, {
    schemas: join(root, 'src', 'schema', 'index.ts'),
    schemaNodes: join(root, 'src', 'schema', 'schema-nodes.ts'),
  });
}

/** esbuild's plugin that bundles `./X.js` as the first variant beside `X.ts` with one of the suffixes (the validators' plugin is bundle-cli.ts's). */
export function variantsPlugin(name: string, suffixes: readonly string[]): Plugin {
  return {
    name,
    setup(b) {
      b.onResolve({ filter: /^\.\.?\/.*\.js$/ }, (args) => {
        const variant = variantOf(args.resolveDir, args.path, args.importer, suffixes);
        return variant === undefined ? undefined : { path: variant };
      });
    },
  };
}

/** A browser bundle's variants. */
export const browserVariantsPlugin = variantsPlugin('browser-variants', BROWSER);

/** The part of Vite's plugin interface the site's worker bundle uses. */
export interface VitePlugin {
  name: string;
  enforce: 'pre';
  resolveId(source: string, importer: string | undefined): string | null;
  load(id: string): Promise<string | null>;
}

/** The same for Vite (the docs site bundles the playground's worker): variants, then the generated validators. */
export function browserVariantsVitePlugin(root: string): VitePlugin {
  return {
    name: 'platlint:browser-variants',
    enforce: 'pre',
    resolveId(source, importer) {
      if (importer === undefined) return null;
      if (GENERATED_VALIDATORS.test(source)) return generatedValidatorsPath(root);
      if (!/^\.\.?\/.*\.js$/.test(source)) return null;
      return variantOf(join(importer, '..'), source, importer, BROWSER) ?? null;
    },
    async load(id) {
      if (!/validators\.generated\.js$/.test(id)) return null;
      return leanValidators(root, readFileSync(id, 'utf8'));
    },
  };
}
