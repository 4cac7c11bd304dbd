/**
 * Converts google/cel-spec's simple conformance tests (tests/simple/testdata/*.textproto, SimpleTestFile messages of
 * proto/cel/expr/conformance/test/simple.proto) into the JSON files of ./testdata, field names as in the .proto.
 * What the text format leaves to the schema is decided here: which fields repeat (arrays), `bindings` (a
 * map<string, ExprValue>: an object), int64 and uint64 values (decimal strings, exact), doubles (numbers, or
 * "NaN", "Infinity", "-Infinity", "-0"), bytes_value (base64; other bytes fields, only inside an Any, as
 * {"base64"}), Any expansions (`{"@type": url, ...fields}`).
 *
 * Run from the repository root with cel-spec's tests/simple/testdata at a commit (written into each file):
 *   npx esbuild test/policy/cel/conformance/convert.ts --bundle --platform=node --format=esm --log-level=warning \
 *     | node --input-type=module - TESTDATA_DIR COMMIT
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { TextFormatReader, type TextField, type TextScalar } from './textproto.js';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** The repeated fields of simple.proto, cel/expr/checked.proto, value.proto and eval.proto the files use. */
const REPEATED = new Set(['section', 'test', 'type_env', 'values', 'entries', 'errors', 'overloads', 'params', 'type_params', 'parameter_types', 'exprs', 'unknowns']);
const INTEGER_STRINGS = new Set(['int64_value', 'uint64_value']);

/** A string field as text; the bytes of a field that is not UTF-8 (a bytes field inside an Any) as {"base64"}. */
function textOrBytes(bytes: Uint8Array): Json {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return { base64: Buffer.from(bytes).toString('base64') };
  }
}

function scalar(name: string, value: TextScalar): Json {
  if (value.kind === 'string') return name === 'bytes_value' ? Buffer.from(value.bytes).toString('base64') : textOrBytes(value.bytes);
  const text = value.text;
  if (name === 'double_value') {
    if (/^-?(inf|infinity)$/i.test(text)) return text.startsWith('-') ? '-Infinity' : 'Infinity';
    if (/^-?nan$/i.test(text)) return 'NaN';
    const parsed = Number(text);
    return Object.is(parsed, -0) ? '-0' : parsed;
  }
  if (INTEGER_STRINGS.has(name)) return BigInt(text).toString();
  if (value.kind === 'ident') return text === 'true' ? true : text === 'false' ? false : text;
  const number = Number(text);
  // An integer a JSON number would round (a 64-bit field inside an Any) stays exact as a string.
  return /^-?[0-9]+$/.test(text) && !Number.isSafeInteger(number) ? BigInt(text).toString() : number;
}

function message(fields: readonly TextField[]): { [key: string]: Json } {
  const out: { [key: string]: Json } = {};
  for (const { name, value } of fields) {
    const converted = value.kind === 'message' ? message(value.fields) : scalar(name, value);
    if (name === 'bindings') {
      const entry = converted as { key: string; value: Json };
      const bindings = (out.bindings ??= {}) as { [key: string]: Json };
      bindings[entry.key] = entry.value;
    } else if (name.startsWith('[')) {
      // An Any written as its expansion: the type URL and the message.
      out['@type'] = name.slice(1, -1);
      Object.assign(out, converted);
    } else if (REPEATED.has(name)) ((out[name] ??= []) as Json[]).push(converted);
    else if (name in out) {
      // A repeated field of a message inside an Any (TestAllTypes): the schema is not here, the order is kept.
      const known = out[name] as Json;
      out[name] = Array.isArray(known) ? [...known, converted] : [known, converted];
    } else out[name] = converted;
  }
  return out;
}

const OUT_DIR = join('test', 'policy', 'cel', 'conformance', 'testdata');

function main(dataDir: string, commit: string): void {
  for (const file of readdirSync(dataDir).filter((f) => f.endsWith('.textproto')).sort()) {
    const parsed = TextFormatReader.parse(readFileSync(join(dataDir, file), 'utf8'));
    const converted = message(parsed.fields);
    const json = { source: `google/cel-spec tests/simple/testdata/${file}`, commit, ...converted };
    writeFileSync(join(OUT_DIR, `${basename(file, '.textproto')}.json`), `${JSON.stringify(json, null, 1)}\n`);
  }
}

const [dataDir, commit] = process.argv.slice(2);
if (!dataDir || !commit) throw new Error('usage: convert TESTDATA_DIR COMMIT');
main(dataDir, commit);
