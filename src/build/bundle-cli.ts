/**
 * Build step: bundles the CLI (and its lint worker) with esbuild, over the files tsc wrote to dist/src/cli. The
 * profile of a pre-commit run showed module loading dominating start-up: resolving, reading and compiling some 160
 * of our modules and 100 CommonJS modules of the dependencies. A bundle is a handful of files.
 *
 *   node dist/src/build/bundle-cli.js      # run by `npm run build`, after tsc and build-validators
 *
 * - Code splitting keeps what a run may not need (formatters, custom policies with CEL and ajv) in chunks loaded on
 *   demand; chunks sit next to bin.js, so `new URL('./x.js', import.meta.url)` means the same in every chunk.
 * - `./validators.generated.js` (validate.ts) is taken from dist/src/schema, where build-validators.js wrote it.
 * - The package's runtime `dependencies` stay outside the bundle, in node_modules; everything else (the
 *   devDependencies yaml, commander, micromatch, CEL, the LSP library) is taken in. So `dependencies` lists exactly
 *   what the published package needs besides its bundle: ajv and re2js, which src/schema/ajv.ts and
 *   src/formats/regex.ts load with createRequire on first use, out of esbuild's sight.
 *   `platlint explain` reads the rule docs from rules/ in a checkout, and from the archive written beside the bundle
 *   (rule-docs-archive.ts) in the package, which ships no rules/.
 * - Minified: the published package holds only the bundle, and a smaller file compiles faster at start-up. Local
 *   function names are not kept (esbuild's keepNames wraps every closure as it is created, on the hot path too), so
 *   CPU profiles of the bundle name methods and files but not local functions; profile the unbundled dist/src
 *   modules in process for those. The licenses of the bundled packages go to THIRD-PARTY-LICENSES.txt beside it.
 * - The yaml package's exports are read once, and its per-token reads of debugging switches folded (yaml-bundle.ts).
 * - bin.js is made executable: npm links it as the `platlint` command, and a checkout runs it as `dist/src/cli/bin.js`.
 * - Every file is written aside and renamed, so that a CLI starting during a build never reads half a file.
 */
import { chmodSync, existsSync, readdirSync, readFileSync, renameSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Plugin } from 'esbuild';
import { leanValidatorsModule } from './lean-validators.js';
import { REQUIRE_BANNER, yamlBundlePlugins } from './yaml-bundle.js';
import { RULE_DOCS_ARCHIVE } from '../engine/docs.js';
import { ruleDocsArchive } from './rule-docs-archive.js';
import { bundledPackages, THIRD_PARTY_LICENSES_FILE, thirdPartyLicensesText } from './third-party-licenses.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const outdir = join(root, 'dist', 'src', 'cli');
const generatedValidators = join(root, 'dist', 'src', 'schema', 'validators.generated.js');
/**
 * Chunks of earlier builds are removed once no CLI started before the build can still be loading them; at once when
 * npm builds the package (src/build/prepare.mjs sets PLATLINT_PRUNE_CHUNKS), so that `npm pack` takes in only this
 * build's chunks.
 */
const STALE_CHUNK_MS = process.env['PLATLINT_PRUNE_CHUNKS'] === '1' ? 0 : 10 * 60_000;

/** The runtime dependencies, which the published package installs beside the bundle. */
function runtimeDependencies(): string[] {
  const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { dependencies?: Record<string, string> };
  return Object.keys(manifest.dependencies ?? {});
}

function writeAtomically(path: string, contents: Uint8Array | string, mode = 0o644): void {
  const partial = `${path}.${process.pid}.tmp`;
  writeFileSync(partial, contents);
  chmodSync(partial, mode);
  renameSync(partial, path);
}

/** The generated validators, trimmed (lean-validators.ts) against the schemas the bundle holds anyway. */
async function leanValidators(code: string): Promise<string> {
  const { schemas } = (await import(pathToFileURL(join(root, 'dist', 'src', 'schema', 'index.js')).href)) as typeof import('../schema/index.js');
  return leanValidatorsModule(code, schemas, {
    schemas: join(root, 'src', 'schema', 'index.ts'),
    schemaNodes: join(root, 'src', 'schema', 'schema-nodes.ts'),
  });
}

const validatorsPlugin: Plugin = {
  name: 'generated-validators',
  setup(b) {
    b.onResolve({ filter: /^\.\/validators\.generated\.js$/ }, () =>
      existsSync(generatedValidators) ? { path: generatedValidators } : { path: './validators.generated.js', external: true },
    );
    b.onLoad({ filter: /validators\.generated\.js$/ }, async (args) => ({ contents: await leanValidators(readFileSync(args.path, 'utf8')), loader: 'js' }));
  },
};

/** Bundles the CLI; undefined when esbuild cannot be loaded (the unbundled CLI tsc wrote then stays, just slower to start). */
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
    entryPoints: { bin: 'src/cli/bin.ts', 'lint-worker': 'src/cli/lint-worker.ts' },
    outdir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    chunkNames: 'chunk-[hash]',
    external: runtimeDependencies().flatMap((name) => [name, `${name}/*`]),
    minify: true,
    legalComments: 'none',
    metafile: true,
    banner: { js: REQUIRE_BANNER },
    plugins: [validatorsPlugin, ...yamlBundlePlugins],
    write: false,
    logLevel: 'warning',
  });
  const written: string[] = [];
  for (const file of result.outputFiles) {
    writeAtomically(file.path, file.contents, file.path === join(outdir, 'bin.js') ? 0o755 : 0o644);
    written.push(file.path);
  }
  const licenses = join(outdir, THIRD_PARTY_LICENSES_FILE);
  writeAtomically(licenses, thirdPartyLicensesText(bundledPackages(root, result.metafile)));
  written.push(licenses);
  const docs = join(root, RULE_DOCS_ARCHIVE);
  writeAtomically(docs, ruleDocsArchive(root));
  written.push(docs);
  const current = new Set(written);
  for (const name of readdirSync(outdir)) {
    const path = join(outdir, name);
    if (/^chunk-\w+\.js$/.test(name) && !current.has(path) && Date.now() - statSync(path).mtimeMs >= STALE_CHUNK_MS) unlinkSync(path);
  }
  return written;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === resolve(process.argv[1])) {
  await bundleCli();
}
