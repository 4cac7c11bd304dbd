/** Spectral, for comparison: its ruleset with platlint's schemas inlined, its CLI, and what its report says. */
import { cpSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse as parseYaml, stringify as stringifyYaml } from 'yaml';
import { schemas } from '../../src/schema/index.js';
import { root } from './measure.js';

/** The ruleset directory for Spectral: test/bench/spectral, with the schemas exported from src/schema inlined. */
export function prepareSpectral(out: string): string {
  const dir = join(out, 'spectral');
  rmSync(dir, { recursive: true, force: true });
  cpSync(join(root, 'test', 'bench', 'spectral'), dir, { recursive: true });
  const byKind = (kind: 'User' | 'Config'): Record<string, unknown> => ({ type: 'object', required: ['kind'], properties: { kind: { const: kind } } });
  // One schema for both kinds, chosen by `kind`: the same JSON Schemas platlint validates with.
  const manifestSchema = {
    $schema: 'http://json-schema.org/draft-07/schema#',
    if: byKind('User'),
    then: schemas.User,
    else: { if: byKind('Config'), then: schemas.Config },
  };
  writeFileSync(join(dir, 'manifest.schema.json'), JSON.stringify(manifestSchema, null, 1));
  // Spectral does not resolve $ref in function options: the reference in the ruleset is replaced by the schema.
  const ruleset = parseYaml(readFileSync(join(dir, 'ruleset.yaml'), 'utf8')) as unknown;
  const inline = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(inline);
    if (node === null || typeof node !== 'object') return node;
    const record = node as Record<string, unknown>;
    if (record['$ref'] === './manifest.schema.json') return manifestSchema;
    return Object.fromEntries(Object.entries(record).map(([k, v]) => [k, inline(v)]));
  };
  writeFileSync(join(dir, 'ruleset.yaml'), stringifyYaml(inline(ruleset), { lineWidth: 0 }));
  return join(dir, 'ruleset.yaml');
}

export function spectralCli(): string {
  const pkg = join(root, 'node_modules', '@stoplight', 'spectral-cli');
  const manifest = JSON.parse(readFileSync(join(pkg, 'package.json'), 'utf8')) as { bin: string | Record<string, string> };
  const bin = typeof manifest.bin === 'string' ? manifest.bin : (manifest.bin['spectral'] ?? Object.values(manifest.bin)[0] ?? '');
  return join(pkg, bin);
}

/** Files with at least one Spectral error, from its JSON output. */
export function spectralFilesWithErrors(file: string): number {
  try {
    const results = JSON.parse(readFileSync(file, 'utf8')) as { source?: string; severity: number }[];
    return new Set(results.filter((r) => r.severity === 0).map((r) => r.source)).size;
  } catch {
    return NaN;
  }
}
