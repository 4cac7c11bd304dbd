/**
 * Serves a built site's folder over HTTP on the loopback interface, under the base path it was built for, as GitHub
 * Pages serves it: `/x/` is `/x/index.html`, an unknown path is the site's 404.html with status 404. `/` redirects to
 * the base. Used by `npm run site:serve` and by the browser tests.
 */
import { readFile, stat } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, sep } from 'node:path';

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.wasm': 'application/wasm',
};

export interface StaticServer {
  /** `http://127.0.0.1:PORT/base/`. */
  url: string;
  close(): Promise<void>;
}

async function fileAt(path: string): Promise<Buffer | 'directory' | undefined> {
  try {
    const info = await stat(path);
    if (info.isDirectory()) return 'directory';
    return info.isFile() ? await readFile(path) : undefined;
  } catch {
    return undefined;
  }
}

async function respond(dir: string, base: string, request: IncomingMessage, response: ServerResponse): Promise<void> {
  const send = (status: number, body: Buffer | string, type: string, headers: Record<string, string> = {}): void => {
    response.writeHead(status, { 'content-type': type, 'content-length': String(Buffer.byteLength(body)), 'cache-control': 'no-cache', ...headers });
    response.end(request.method === 'HEAD' ? undefined : body);
  };
  if (request.method !== 'GET' && request.method !== 'HEAD') return send(405, 'method not allowed\n', CONTENT_TYPES['.txt'] as string, { allow: 'GET, HEAD' });
  const url = new URL(request.url ?? '/', 'http://localhost');
  let path: string;
  try {
    path = decodeURIComponent(url.pathname);
  } catch {
    return send(400, 'bad request\n', CONTENT_TYPES['.txt'] as string);
  }
  const notFound = async (): Promise<void> => {
    const page = await fileAt(join(dir, '404.html'));
    send(404, page instanceof Buffer ? page : 'not found\n', CONTENT_TYPES[page instanceof Buffer ? '.html' : '.txt'] as string);
  };
  if (path === '/' && base !== '/') return send(302, '', CONTENT_TYPES['.txt'] as string, { location: base });
  if (!path.startsWith(base) || path.includes('\0')) return notFound();
  const relative = normalize(path.slice(base.length) || '.');
  if (relative === '..' || relative.startsWith(`..${sep}`)) return notFound();
  const file = join(dir, relative, path.endsWith('/') ? 'index.html' : '');
  const found = await fileAt(file);
  if (found === 'directory') return send(301, '', CONTENT_TYPES['.txt'] as string, { location: `${url.pathname}/${url.search}` });
  if (found === undefined) return notFound();
  send(200, found, CONTENT_TYPES[extname(file)] ?? 'application/octet-stream');
}

/** Serves `dir` at `http://127.0.0.1:port{base}`; port 0 takes a free one. */
export function serveStatic(dir: string, base: string, port: number): Promise<StaticServer> {
  const server = createServer((request, response) => {
    respond(dir, base, request, response).catch(() => {
      if (!response.headersSent) response.writeHead(500);
      response.end();
    });
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      const { port: bound } = server.address() as AddressInfo;
      resolve({
        url: `http://127.0.0.1:${bound}${base}`,
        close: () => new Promise((done) => {
          server.closeAllConnections();
          server.close(() => done());
        }),
      });
    });
  });
}
