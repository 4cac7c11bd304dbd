/**
 * `npm run site:serve [-- --port N]`: serves the site `npm run site` built (dist/site/) on 127.0.0.1, under the base
 * path it was built for, and prints its URL. Port 4173 unless told; 0 takes a free one. Ctrl-C stops it.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { findPackageRoot } from '../engine/docs.js';
import { SITE_DATA_FILE, SITE_DIR, type SiteBuild } from './site-data.js';
import { serveStatic } from './static-server.js';

function portOf(args: readonly string[]): number {
  if (args.length === 0) return 4173;
  const port = Number(args[1]);
  if (args[0] !== '--port' || args.length !== 2 || !Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`usage: npm run site:serve [-- --port N], with N from 0 to 65535`);
  }
  return port;
}

async function main(): Promise<void> {
  const port = portOf(process.argv.slice(2));
  const root = findPackageRoot();
  const record = join(root, SITE_DATA_FILE);
  if (!existsSync(join(root, SITE_DIR, 'index.html')) || !existsSync(record)) throw new Error(`no site in ${SITE_DIR}/: build it with \`npm run site\` first`);
  const { base } = JSON.parse(readFileSync(record, 'utf8')) as SiteBuild;
  const server = await serveStatic(join(root, SITE_DIR), base, port);
  process.stdout.write(`platlint site: serving ${SITE_DIR}/ at ${server.url} (Ctrl-C to stop)\n`);
  const stop = (): void => {
    void server.close().then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((error: unknown) => {
  process.stderr.write(`platlint site: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(2);
});
