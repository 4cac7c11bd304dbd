import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveStatic, type StaticServer } from '../../src/site/static-server.js';

let dir: string;
let server: StaticServer;

interface Answer {
  status: number;
  type: string | undefined;
  location: string | undefined;
  body: string;
}

/** A raw request: the path is sent as written, `..` included, as a client that does not normalise it would. */
function get(path: string, method = 'GET'): Promise<Answer> {
  const { port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const sent = request({ host: '127.0.0.1', port, path, method }, (response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, type: response.headers['content-type'], location: response.headers.location, body }));
    });
    sent.on('error', reject);
    sent.end();
  });
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'platlint-static-'));
  const site = join(dir, 'site');
  mkdirSync(join(site, 'rules'), { recursive: true });
  writeFileSync(join(site, 'index.html'), '<h1>front</h1>');
  writeFileSync(join(site, '404.html'), '<h1>not here</h1>');
  writeFileSync(join(site, 'rules', 'index.html'), '<h1>rules</h1>');
  writeFileSync(join(site, 'app.js'), 'export {};');
  writeFileSync(join(dir, 'secret.txt'), 'outside the site');
  server = await serveStatic(site, '/platlint/', 0);
});

afterAll(async () => {
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('serveStatic', () => {
  it('serves the folder on the loopback interface under the base path', async () => {
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/platlint\/$/);
    await expect(get('/platlint/')).resolves.toMatchObject({ status: 200, type: 'text/html; charset=utf-8', body: '<h1>front</h1>' });
    await expect(get('/platlint/app.js')).resolves.toMatchObject({ status: 200, type: 'text/javascript; charset=utf-8', body: 'export {};' });
    await expect(get('/platlint/rules/')).resolves.toMatchObject({ status: 200, body: '<h1>rules</h1>' });
    await expect(get('/platlint/app.js', 'HEAD')).resolves.toMatchObject({ status: 200, body: '' });
  });

  it('redirects / to the base and a folder to its slash', async () => {
    await expect(get('/')).resolves.toMatchObject({ status: 302, location: '/platlint/' });
    await expect(get('/platlint/rules?x=1')).resolves.toMatchObject({ status: 301, location: '/platlint/rules/?x=1' });
  });

  it("answers the site's 404 page for what is not there, outside the base and outside the folder", async () => {
    for (const path of ['/platlint/nowhere.html', '/elsewhere/index.html', '/platlint/../secret.txt', '/platlint/%2e%2e/secret.txt', '/platlint/%2e%2e%2fsecret.txt', '/platlint/a%00b']) {
      await expect(get(path), path).resolves.toMatchObject({ status: 404, body: '<h1>not here</h1>' });
    }
    await expect(get('/platlint/%E0%A4%A')).resolves.toMatchObject({ status: 400 });
  });

  it('serves only GET and HEAD', async () => {
    await expect(get('/platlint/', 'POST')).resolves.toMatchObject({ status: 405 });
  });
});
