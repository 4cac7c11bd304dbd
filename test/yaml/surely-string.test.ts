/**
 * PLATFORM_YAML_OPTIONS settles plain scalars that can only be strings with one pattern, before the yaml package
 * tries every YAML 1.1 type on them (src/yaml/parse.ts, SURELY_STRING). It must change no scalar: every node keeps
 * the value, type, tag and format the package's own resolution gives, on every fixture and on arbitrary scalars.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { yamlFilesUnder } from '../helpers/files.js';
import { isScalar, parseAllDocuments, visit, type DocumentOptions, type ParseOptions, type SchemaOptions } from 'yaml';
import { PLATFORM_YAML_OPTIONS } from '../../src/yaml/parse.js';

const WITHOUT_SHORTCUT: ParseOptions & DocumentOptions & SchemaOptions = {
  ...PLATFORM_YAML_OPTIONS,
  customTags: (tags) => tags.filter((tag) => typeof tag === 'string' || tag.tag !== 'tag:yaml.org,2002:timestamp'),
};

/** Every scalar of the text as the composer makes it: where it is, what it holds, how it is typed. */
function scalars(text: string, options: typeof PLATFORM_YAML_OPTIONS): unknown[] {
  const out: unknown[] = [];
  for (const doc of parseAllDocuments(text, options) as ReturnType<typeof parseAllDocuments> & unknown[]) {
    out.push(doc.errors.map((e) => e.code));
    visit(doc, {
      Scalar: (_, node) => {
        if (!isScalar(node)) return;
        // A merge key's value is a Symbol made for each parse: compared by its name.
        const value = node.value instanceof Uint8Array ? [...node.value] : typeof node.value === 'symbol' ? String(node.value) : Number.isNaN(node.value) ? 'NaN' : node.value;
        out.push([node.range?.[0], typeof node.value, value, node.type, node.tag, node.format]);
      },
    });
  }
  return out;
}

const FIXTURES = join(import.meta.dirname, '../../fixtures');

describe('the surely-string shortcut of the platform options', () => {
  it('composes every fixture exactly as the yaml package alone does', () => {
    const files = yamlFilesUnder(FIXTURES);
    expect(files.length).toBeGreaterThan(200);
    let compared = 0;
    for (const file of files) {
      const text = readFileSync(file, 'utf8');
      const expected = scalars(text, WITHOUT_SHORTCUT);
      expect(scalars(text, PLATFORM_YAML_OPTIONS), file).toEqual(expected);
      compared += expected.length;
    }
    expect(compared).toBeGreaterThan(10_000);
  });

  it('types every YAML 1.1 special value as before: nulls, booleans, numbers, sexagesimals, merge keys', () => {
    const specials = ['~', 'null', 'Null', 'NULL', '', 'y', 'Y', 'yes', 'No', 'on', 'OFF', 'true', 'False', '0b101', '017', '-0x1F', '+12_000', '.5', '-.inf', '.NaN', 'e3', 'E+5', '1e3', '190:20:30', '1:20.5', 'ok', 'nope', 'offset', 'trueish', 'example.com', 'éa', '_x', '/path', '$VAR'];
    const text = specials.map((s, i) => `k${i}: ${s}`).join('\n') + '\n<<: {a: 1}\n';
    expect(scalars(text, PLATFORM_YAML_OPTIONS)).toEqual(scalars(text, WITHOUT_SHORTCUT));
  });

  it('changes no plain scalar, whatever its characters', () => {
    const alphabet = fc.constantFrom(...'~NnYyTtOoFfEe+-0123456789.<_:/abcxyzXYZ éü$@% '.split(''));
    fc.assert(
      fc.property(fc.array(alphabet, { minLength: 1, maxLength: 12 }), (chars) => {
        const text = `key: ${chars.join('')}\n`;
        expect(scalars(text, PLATFORM_YAML_OPTIONS)).toEqual(scalars(text, WITHOUT_SHORTCUT));
      }),
      { numRuns: 3000, seed: 16 },
    );
  });
});
