/**
 * Whatever a file holds, a message or a note shows at most 1,000 characters of one value, on one line: every string
 * of every rule fixture is lengthened by 2,000 characters and linted, and no diagnostic may carry a longer run of
 * them (rules pass user values through `shown`; the reporter bounds the rest, such as a parser's reason quoting the
 * whole value).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isScalar, parseAllDocuments, visit } from 'yaml';
import { isYamlFileName } from '../../src/settings-file/paths.js';
import { ROOT } from '../helpers/cli.js';
import { lintResult } from '../helpers/lint.js';

const PAD = 'q'.repeat(2_000);
const KEPT = new Set(['apiVersion', 'kind']);

function fixtureFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return ['go-oracle', 'json-patch-tests', 'policies', 'vap'].includes(entry.name) ? [] : fixtureFiles(path);
    return isYamlFileName(entry.name) ? [path] : [];
  });
}

/** The text with each string value (not apiVersion or kind) lengthened, or undefined when it does not parse. */
function lengthened(text: string): string | undefined {
  const docs = parseAllDocuments(text);
  if (docs.some((doc) => doc.errors.length > 0)) return undefined;
  const grow = (node: unknown): void => {
    if (isScalar(node) && typeof node.value === 'string') node.value += PAD;
  };
  try {
    return docs
      .map((doc) => {
        visit(doc, {
          Pair: (_, pair) => (isScalar(pair.key) && KEPT.has(String(pair.key.value)) ? undefined : grow(pair.value)),
          Seq: (_, seq) => seq.items.forEach(grow),
        });
        return doc.toString({ lineWidth: 0 });
      })
      .join('---\n');
  } catch {
    // An alias whose anchor comes later cannot be written back; that fixture is read as it is elsewhere.
    return undefined;
  }
}

describe('values in messages', () => {
  it('show at most 1,000 characters of one value, on one line, for every rule fixture with long strings', () => {
    let texts = 0;
    let cut = 0;
    const over: string[] = [];
    for (const file of fixtureFiles(join(ROOT, 'fixtures'))) {
      const text = lengthened(readFileSync(file, 'utf8'));
      if (text === undefined) continue;
      texts++;
      for (const d of lintResult(text).diagnostics) {
        for (const shownText of [d.message, d.note ?? '']) {
          if (/q{1000}|[\r\n]/.test(shownText)) over.push(`${file}: ${d.ruleId}: ${shownText.slice(0, 200)}`);
          if (shownText.includes('q'.repeat(200))) cut++;
        }
      }
    }
    expect(over).toEqual([]);
    expect(texts).toBeGreaterThan(250);
    // Long values do reach the messages (and are cut there), so the test reads what it means to.
    expect(cut).toBeGreaterThan(100);
  });
});
