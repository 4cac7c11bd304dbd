/**
 * Kubernetes' url() on the port of Go's net/url: equality of the re-serialised URLs (apiserver pkg/cel/url.go
 * compares URL.String()), getEscapedPath() keeping the raw path when it is a valid encoding (URL.EscapedPath), Go's
 * parse errors, and that the CEL module runs without Node's modules.
 */
import { build } from 'esbuild';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CelEnvironment } from '../../../src/policy/cel/index.js';

const env = new CelEnvironment();

function evaluate(expression: string) {
  const compiled = env.compile(expression, {});
  if (!compiled.ok) throw new Error(compiled.error.message);
  return compiled.program.evaluate({});
}

describe('url() as Go parses and prints it', () => {
  it.each([
    ["url('HTTPS://example.com/a') == url('https://example.com/a')", true],
    ["url('https://example.com/with space') == url('https://example.com/with%20space')", true],
    ["url('https://example.com/%7e') == url('https://example.com/~')", false],
    ["url('https://example.com/a#b') == url('https://example.com/a')", false],
    ["url('https://example.com/a?') == url('https://example.com/a')", false],
  ])('%s is %s', (expression, expected) => {
    expect(evaluate(expression)).toMatchObject({ kind: 'value', value: expected });
  });

  it.each([
    ["url('https://example.com/a%2Fb').getEscapedPath()", '/a%2Fb'],
    ["url('https://example.com/a%2fb').getEscapedPath()", '/a%2fb'],
    ["url('https://example.com/%7e').getEscapedPath()", '/%7e'],
    ["url('https://example.com/with space/').getEscapedPath()", '/with%20space/'],
    ["url('https://example.com/caf%C3%A9').getEscapedPath()", '/caf%C3%A9'],
    ["url('https://example.com/path#frag?x').getEscapedPath()", '/path'],
    ["url('https://user:pass@[fe80::1%25en0]:8080/').getHostname()", 'fe80::1%en0'],
    ["url('https://user:pass@[fe80::1%25en0]:8080/').getPort()", '8080'],
    ["url('https://example.com:/').getPort()", ''],
    ["url('https://[::ffff:10.0.0.1]:443/').getHostname()", '::ffff:10.0.0.1'],
  ])('%s is %s', (expression, expected) => {
    expect(evaluate(expression)).toMatchObject({ kind: 'value', value: expected });
  });

  it.each([
    ["isURL('https://[::1]:8443/')", true],
    ["isURL('https://[10.0.0.1]/')", false],
    ["isURL('https://[example.com]/')", false],
  ])('%s is %s: only an IPv6 address stands in brackets, as in Go since CVE-2025-47912', (expression, expected) => {
    expect(evaluate(expression)).toMatchObject({ kind: 'value', value: expected });
  });

  it('reads the query as URL.Query(): a pair with a bad escape or a semicolon is dropped', () => {
    expect(evaluate("url('https://example.com/?a=1&b=%zz&c=2;3&a=x+y&d').getQuery() == {'a': ['1', 'x y'], 'd': ['']}")).toMatchObject({ kind: 'value', value: true });
  });

  it.each([
    ["url('https://a b.com/')", 'URL parse error during conversion from string: parse "https://a b.com/": invalid character " " in host name'],
    ["url('https://example.com:8x/')", 'URL parse error during conversion from string: parse "https://example.com:8x/": invalid port ":8x" after host'],
    ["url('https://example.com/%zz')", 'URL parse error during conversion from string: parse "https://example.com/%zz": invalid URL escape "%zz"'],
    ["url('relative/path')", 'URL parse error during conversion from string: parse "relative/path": invalid URI for request'],
    ["url('https://[::1/')", `URL parse error during conversion from string: parse "https://[::1/": missing ']' in host`],
    ["url('')", 'URL parse error during conversion from string: parse "": empty url'],
    ["url('https://[example.com]/')", 'URL parse error during conversion from string: parse "https://[example.com]/": invalid host: ParseAddr("example.com"): unexpected character (at "example.com")'],
    ["url('https://[10.0.0.1]:443/')", 'URL parse error during conversion from string: parse "https://[10.0.0.1]:443/": invalid IP-literal'],
    ["url('https://host[1]/')", 'URL parse error during conversion from string: parse "https://host[1]/": invalid IP-literal'],
  ])('%s fails as Go does', (expression, message) => {
    expect(evaluate(expression)).toMatchObject({ kind: 'error', message });
  });
});

describe('the CEL module', () => {
  it('imports no node: module (the core runs in a browser)', async () => {
    const result = await build({ entryPoints: [join(import.meta.dirname, '../../../src/policy/cel/index.ts')], bundle: true, platform: 'neutral', write: false, metafile: true, logLevel: 'silent' });
    const imports = Object.values(result.metafile.inputs).flatMap((input) => input.imports.map((i) => i.path));
    expect(imports.filter((path) => path.startsWith('node:'))).toEqual([]);
    expect(Object.keys(result.metafile.inputs).some((path) => path.endsWith('src/formats/url.ts'))).toBe(false);
  });
});
