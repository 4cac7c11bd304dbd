/**
 * Build step: bundles the CLI with esbuild into one CommonJS file beside the `platlint` command,
 * dist/src/bin/platlint.cjs, and writes V8's code cache of it beside it. The `platlint` command is launch.cjs
 * (src/bin/launch.cts), which compiles the bundle from that cache. A profile of a pre-commit run showed start-up
 * dominated first by resolving and loading some 160 of our modules and 100 CommonJS modules of the dependencies
 * (hence a bundle), then by compiling the bundle (hence the cache, which Node 20 keeps for CommonJS scripts only).
 *
 *   node dist/src/build/bundle-cli.js      # run by `npm run build`, after tsc and build-validators
 *
 * - One file, which launch.cjs runs as the process and in each lint worker thread (src/bin/bundle-entry.ts). What a
 *   run may not need (formatters, the language server, CEL) is still only initialised when first imported.
 * - A module `X.ts` with an `X.bundled.ts` beside it is replaced by that one in the bundle: the precompiled
 *   validators, imported statically there (src/schema/precompiled-validators.bundled.ts), and the lint worker's
 *   script, which is launch.cjs (src/cli/worker-script.bundled.ts).
 * - `./validators.generated.js` is taken from dist/src/schema, where build-validators.js wrote it, and trimmed
 *   (lean-validators.ts) against the schemas the bundle holds anyway.
 * - `import.meta.url` is the bundle's own URL, so that `new URL('./x', import.meta.url)` names a file beside it.
 * - The package's runtime `dependencies` stay outside the bundle, in node_modules; everything else (the
 *   devDependencies yaml, commander, picomatch, CEL, the LSP library) is taken in. So `dependencies` lists exactly
 *   what the published package needs besides its bundle: ajv and re2js, which the bundle loads when their exports
 *   are first read (lazy-dependencies.ts).
 *   `platlint explain` reads the rule docs from rules/ in a checkout, and from the archive written beside the bundle
 *   (rule-docs-archive.ts) in the package, which ships no rules/.
 * - Minified: the published package holds only the bundle. Local function names are not kept (esbuild's keepNames
 *   wraps every closure as it is created, on the hot path too), so CPU profiles of the bundle name methods and files
 *   but not local functions; profile the unbundled dist/src modules in process for those. The licenses of the
 *   bundled packages go to THIRD-PARTY-LICENSES.txt beside it.
 * - The yaml package's exports are read once, and its per-token reads of debugging switches folded (yaml-bundle.ts).
 * - The bundle's first line is its hash, which names its code cache: V8 checks a cache against the source's length
 *   only. The cache is made by running the bundle once on the shipped examples, so that it holds what a lint
 *   compiles, not only the top level; caches of earlier bundles are removed.
 * - Every file is written aside and renamed, so that a CLI starting during a build never reads half a file.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, readdirSync, readFileSync, unlinkSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'esbuild';
import { BUNDLED, GENERATED_VALIDATORS, generatedValidatorsPath, leanValidators, variantsPlugin } from './variants.js';
import { lazyDependenciesPlugin } from './lazy-dependencies.js';
import { yamlBundlePlugins } from './yaml-bundle.js';
import { RULE_DOCS_ARCHIVE } from '../project/rule-docs.js';
import { ruleDocsArchive } from './rule-docs-archive.js';
import { writeFileAtomic } from '../project/write-file.js';
import { bundledPackages, THIRD_PARTY_LICENSES_FILE, thirdPartyLicensesText } from './third-party-licenses.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const outdir = join(root, 'dist', 'src', 'bin');
const BUNDLE_FILE = 'platlint.cjs';
const LAUNCHER_FILE = 'launch.cjs';
/** The code caches' names, as src/bin/launch.cts makes them from the bundle's hash. */
const CODE_CACHE = /^platlint-[0-9a-f]+\.code-cache$/;

/** The runtime dependencies, which the published package installs beside the bundle. */
function runtimeDependencies(): string[] {
  const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { dependencies?: Record<string, string> };
  return Object.keys(manifest.dependencies ?? {});
}

export const validatorsPlugin: Plugin = {
  name: 'generated-validators',
  setup(b) {
    b.onResolve({ filter: GENERATED_VALIDATORS }, () => ({ path: generatedValidatorsPath(root) }));
    b.onLoad({ filter: /validators\.generated\.js$/ }, async (args) => ({ contents: await leanValidators(root, readFileSync(args.path, 'utf8')), loader: 'js' }));
  },
};

/** `./X.js` is bundled as `X.bundled.ts` where there is one beside `X.ts`, for every importer but that file itself. */
export const bundledVariantsPlugin = variantsPlugin('bundled-variants', BUNDLED);

/** The bundle's text with its hash as the first line, which names its code cache (src/bin/launch.cts). */
function withHashLine(code: Uint8Array): string {
  const text = Buffer.from(code).toString('utf8').replace(/^#!.*\n/, '');
  return `// platlint bundle ${createHash('sha256').update(text).digest('hex').slice(0, 20)}\n${text}`;
}

/**
 * Writes the code cache: the launcher writes it on exit when there is none, so one run on the shipped examples
 * (a checkout's; the published package is built in one) leaves a cache of what linting compiles.
 */
function writeCodeCache(): string | undefined {
  for (const name of readdirSync(outdir)) if (CODE_CACHE.test(name)) unlinkSync(join(outdir, name));
  const examples = join(root, 'fixtures', 'examples');
  const run = spawnSync(process.execPath, [join(outdir, LAUNCHER_FILE), examples], { cwd: root, stdio: 'ignore', env: { ...process.env, NO_COLOR: '1' } });
  const written = readdirSync(outdir).find((name) => CODE_CACHE.test(name));
  // Exit 1: the examples hold problems, as they should. Anything else would leave a cache of a failed run.
  if (run.status !== 1 || written === undefined) {
    process.stderr.write(`bundle-cli: the run on ${examples} that makes the code cache exited with ${run.status}: the CLI will compile its bundle on every start\n`);
    if (written !== undefined) unlinkSync(join(outdir, written));
    return undefined;
  }
  return join(outdir, written);
}

/** Bundles the CLI; undefined when esbuild cannot be loaded (launch.cjs then runs the unbundled CLI tsc wrote, slower to start). */
export async function bundleCli(): Promise<string[] | undefined> {
  let esbuild: typeof import('esbuild');
  try {
    esbuild = await import('esbuild');
  } catch (error) {
    process.stderr.write(`bundle-cli: esbuild is not available (${(error as Error).message.split('\n')[0]}): the CLI is left unbundled\n`);
    return undefined;
  }
  const result = await esbuild.build({
    absWorkingDir: root,
    entryPoints: ['src/bin/bundle-entry.ts'],
    outfile: join(outdir, BUNDLE_FILE),
    bundle: true,
    format: 'cjs',
    platform: 'node',
    target: 'node20',
    external: runtimeDependencies().flatMap((name) => [name, `${name}/*`]),
    // jsonc-parser's main module is UMD, whose require() of its own parts esbuild cannot follow: its ES modules can be.
    alias: { 'jsonc-parser': './node_modules/jsonc-parser/lib/esm/main.js' },
    define: { 'import.meta.url': '__platlintBundleUrl' },
    banner: { js: 'var __platlintBundleUrl = require("node:url").pathToFileURL(__filename).href;' },
    minify: true,
    legalComments: 'none',
    metafile: true,
    plugins: [lazyDependenciesPlugin(runtimeDependencies(), root), bundledVariantsPlugin, validatorsPlugin, ...yamlBundlePlugins],
    write: false,
    logLevel: 'warning',
  });
  const written: string[] = [];
  for (const file of result.outputFiles) {
    writeFileAtomic(file.path, withHashLine(file.contents), { mode: 0o644, durable: false });
    written.push(file.path);
  }
  chmodSync(join(outdir, LAUNCHER_FILE), 0o755);
  const licenses = join(outdir, THIRD_PARTY_LICENSES_FILE);
  writeFileAtomic(licenses, thirdPartyLicensesText(bundledPackages(root, result.metafile)), { mode: 0o644, durable: false });
  written.push(licenses);
  const docs = join(root, RULE_DOCS_ARCHIVE);
  writeFileAtomic(docs, ruleDocsArchive(root), { mode: 0o644, durable: false });
  written.push(docs);
  const cache = writeCodeCache();
  if (cache !== undefined) written.push(cache);
  return written;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === resolve(process.argv[1])) {
  await bundleCli();
}
