import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';

/**
 * Mutants of YAML text for the fuzz tests: pieces parsers trip on, lines duplicated, indented and swapped, line ends
 * changed, and secrets planted under secret keys or in URLs, so that a test can check they never show.
 */
const SECRETS = ['FuzzSecretAlpha1', 'FuzzSecretBravo2', 'FuzzSecretDelta4'];
/** The secret keys, and two keys that name one in another letter case or with a slip. */
const SECRET_KEYS = ['password', 'token', 'clientSecret', 'caData', 'Password', 'pasword'];

/** Fragments YAML parsers trip on: indicators, anchors and aliases, tags, directives, odd line ends, a NUL. */
const HOSTILE = ['*', '&a ', '*a', ': ', '- ', '? ', '[', ']', '{', '}', ',', '"', "'", '#', '|', '>', '\t', '\r', '\r\n', '\n', '---\n', '...\n',
  '%YAML 1.1\n', '%TAG !e! tag:example.com,2000:\n', '!!binary ', '!e!x ', '!!map ', '<<: *a\n', '\ufeff', '\u0000', '\\', '\u2028', '\ud800', '💥', 'null', '~', '0x1F', '1e999', ' '.repeat(40)];

export type Mutation =
  | { op: 'insert'; at: number; text: string }
  | { op: 'delete'; at: number; length: number }
  | { op: 'duplicate-line'; line: number }
  | { op: 'indent'; line: number; by: number }
  | { op: 'swap-lines'; a: number; b: number }
  | { op: 'plant-secret'; line: number; key: number; secret: number; style: number }
  | { op: 'line-ends'; crlf: boolean };

const position = fc.nat({ max: 100_000 });

/** Inserting one of the texts anywhere. */
export function insertion(text: fc.Arbitrary<string>): fc.Arbitrary<Mutation> {
  return fc.record({ op: fc.constant('insert' as const), at: position, text });
}

export const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  insertion(fc.oneof(fc.constantFrom(...HOSTILE), fc.string({ maxLength: 12, unit: 'binary' }))),
  fc.record({ op: fc.constant('delete' as const), at: position, length: fc.integer({ min: 1, max: 24 }) }),
  fc.record({ op: fc.constant('duplicate-line' as const), line: position }),
  fc.record({ op: fc.constant('indent' as const), line: position, by: fc.integer({ min: -4, max: 4 }) }),
  fc.record({ op: fc.constant('swap-lines' as const), a: position, b: position }),
  fc.record({ op: fc.constant('plant-secret' as const), line: position, key: fc.nat({ max: 5 }), secret: fc.nat({ max: 2 }), style: fc.nat({ max: 7 }) }),
  fc.record({ op: fc.constant('line-ends' as const), crlf: fc.boolean() }),
);

/** A secret under a key in one of several styles (a block scalar on the line below), or in a URL in a comment. */
function plant(key: string, secret: string, style: number, indent: string): string {
  const styles = [`${key}: ${secret}`, `${key}: "${secret}"`, `${key}: *${secret}`, `${key}: [${secret}]`, `${key}: !!str ${secret}`, `${key}: "${secret}`];
  return styles[style] ?? (style === styles.length ? `${key}: |\n${indent}  ${secret}` : `# was postgres://app:${secret}@db.example.com/app`);
}

export function mutate(text: string, mutations: readonly Mutation[]): string {
  let out = text;
  for (const m of mutations) {
    const lines = out.split('\n');
    const line = (n: number): number => n % Math.max(1, lines.length);
    switch (m.op) {
      case 'insert': {
        const at = m.at % (out.length + 1);
        out = out.slice(0, at) + m.text + out.slice(at);
        break;
      }
      case 'delete': {
        const at = m.at % (out.length + 1);
        out = out.slice(0, at) + out.slice(at + m.length);
        break;
      }
      case 'duplicate-line':
        lines.splice(line(m.line), 0, lines[line(m.line)] ?? '');
        out = lines.join('\n');
        break;
      case 'indent': {
        const i = line(m.line);
        const current = lines[i] ?? '';
        lines[i] = m.by >= 0 ? ' '.repeat(m.by) + current : current.replace(new RegExp(`^ {0,${-m.by}}`), '');
        out = lines.join('\n');
        break;
      }
      case 'swap-lines': {
        const [a, b] = [line(m.a), line(m.b)];
        [lines[a], lines[b]] = [lines[b] ?? '', lines[a] ?? ''];
        out = lines.join('\n');
        break;
      }
      case 'line-ends':
        out = out.replace(/\r?\n/g, m.crlf ? '\r\n' : '\r');
        break;
      case 'plant-secret': {
        const i = line(m.line);
        const indent = /^\s*/.exec(lines[i] ?? '')?.[0] ?? '';
        lines.splice(i, 0, indent + plant(SECRET_KEYS[m.key] ?? 'password', SECRETS[m.secret] ?? 'FuzzSecretAlpha1', m.style, indent));
        out = lines.join('\n');
        break;
      }
    }
  }
  return out;
}

const KEYS = SECRET_KEYS.join('|');

/**
 * A planted secret still where it was planted, whatever else the mutations did to the file: after a secret key on
 * its line, on the line below a secret key's block scalar indicator and deeper, or as a URL's password anywhere.
 */
export function secretsStillUnderKey(text: string): string[] {
  const lines = text.split(/\r\n|\r|\n/);
  const indent = (line: string): number => /^ */.exec(line)?.[0].length ?? 0;
  return SECRETS.filter((secret) =>
    lines.some(
      (line, i) =>
        new RegExp(`(?:^|[\\s{,[?-])["']?(?:${KEYS})["']?[ \\t]*:[ \\t][^\\n]*${secret}`).test(line) ||
        new RegExp(`[a-z]://[^:/@\\s]*:${secret}@`).test(line) ||
        (new RegExp(`^ *(?:- +)?(?:${KEYS}): [|>]$`).test(lines[i - 1] ?? '') && line.trim() === secret && indent(line) > indent(lines[i - 1] ?? '')),
    ),
  );
}

/** The shipped examples the fuzz tests start from, by file name, in name order. */
export function exampleTexts(): Record<string, string> {
  const dir = join(import.meta.dirname, '../../fixtures/examples');
  const names = readdirSync(dir).filter((name) => name.endsWith('.yaml')).sort();
  return Object.fromEntries(names.map((name) => [name, readFileSync(join(dir, name), 'utf8')]));
}
