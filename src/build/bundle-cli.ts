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
 * - ajv and re2js, loaded with createRequire when needed (src/schema/ajv.ts, src/formats/regex.ts), stay in
 *   node_modules; `platlint explain` finds rules/** from the package root, wherever the bundle is.
 * - Every file is written aside and renamed, so that a CLI starting during a build never reads half a file.
 */
import { existsSync, readdirSync, renameSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'esbuild';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const outdir = join(root, 'dist', 'src', 'cli');
const generatedValidators = join(root, 'dist', 'src', 'schema', 'validators.generated.js');
/** Chunks of earlier builds are removed once no CLI started before the build can still be loading them. */
const STALE_CHUNK_MS = 10 * 60_000;

const validatorsPlugin: Plugin = {
  name: 'generated-validators',
  setup(b) {
    b.onResolve({ filter: /^\.\/validators\.generated\.js$/ }, () =>
      existsSync(generatedValidators) ? { path: generatedValidators } : { path: './validators.generated.js', external: true },
    );
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
    // The CommonJS dependencies (yaml, commander, micromatch) require Node's built-ins.
    banner: { js: "import { createRequire as __platlintCreateRequire } from 'node:module'; const require = __platlintCreateRequire(import.meta.url);" },
    plugins: [validatorsPlugin],
    write: false,
    logLevel: 'warning',
  });
  const written: string[] = [];
  for (const file of result.outputFiles) {
    const partial = `${file.path}.${process.pid}.tmp`;
    writeFileSync(partial, file.contents);
    renameSync(partial, file.path);
    written.push(file.path);
  }
  const current = new Set(written);
  for (const name of readdirSync(outdir)) {
    const path = join(outdir, name);
    if (/^chunk-\w+\.js$/.test(name) && !current.has(path) && Date.now() - statSync(path).mtimeMs > STALE_CHUNK_MS) unlinkSync(path);
  }
  return written;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === resolve(process.argv[1])) {
  await bundleCli();
}
