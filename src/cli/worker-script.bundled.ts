/**
 * worker-script.ts as the CLI bundle holds it (src/build/bundle-cli.ts): a worker starts the way the process did,
 * through launch.cjs, so that it too compiles the bundle from its code cache; the bundle's entry
 * (bundle-entry.ts) runs the lint worker in a worker thread.
 */
export function lintWorkerScript(): URL | undefined {
  return new URL('./launch.cjs', import.meta.url);
}
