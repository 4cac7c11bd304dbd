import { builtinRules } from '../../rules/index.js';
import { readRuleDoc, docsUrlFor } from '../engine/docs.js';
import type { Rule } from '../engine/types.js';
import { exportSchema } from '../schema/index.js';
import { reportSchema } from '../formatters/report-schema.js';
import { configFileSchema } from '../config/schema.js';
import type { CliIo } from './io.js';
import { UsageError } from './settings.js';

export function runRules(format: string, io: CliIo, rules: readonly Rule[] = builtinRules): number {
  if (format === 'json') {
    io.out(JSON.stringify(rules.map(({ meta }) => ({
      id: meta.id,
      category: meta.category,
      severity: meta.severity,
      fixable: meta.fixable === true,
      description: meta.description,
      sources: meta.sources,
      docsUrl: docsUrlFor(meta.id),
    })), null, 2) + '\n');
    return 0;
  }
  if (format !== 'table') throw new UsageError(`unknown format "${format}" for rules (use table or json)`);
  const idWidth = Math.max(...rules.map((r) => r.meta.id.length), 2);
  const catWidth = Math.max(...rules.map((r) => r.meta.category.length), 8);
  const lines = [`${'ID'.padEnd(idWidth)}  ${'CATEGORY'.padEnd(catWidth)}  SEVERITY  FIX  DESCRIPTION`];
  for (const { meta } of rules) {
    lines.push(`${meta.id.padEnd(idWidth)}  ${meta.category.padEnd(catWidth)}  ${meta.severity.padEnd(8)}  ${meta.fixable ? 'yes' : '   '}  ${meta.description}`);
  }
  io.out(lines.join('\n') + '\n');
  return 0;
}

export function runExplain(id: string, io: CliIo): number {
  const doc = readRuleDoc(id);
  if (!doc) throw new UsageError(`unknown rule "${id}" (see platlint rules)`);
  io.out(doc.endsWith('\n') ? doc : doc + '\n');
  return 0;
}

const SCHEMA_NAMES = ['User', 'Config', 'config', 'report'] as const;

export function runSchema(name: string, io: CliIo): number {
  // `Config` is the resource, `config` the .platlint.yaml file: exact case first, then case-insensitive.
  const match = SCHEMA_NAMES.find((n) => n === name) ?? SCHEMA_NAMES.find((n) => n.toLowerCase() === name.toLowerCase());
  if (!match) throw new UsageError(`unknown schema "${name}" (use ${SCHEMA_NAMES.join(', ')})`);
  const schema = match === 'report' ? reportSchema : match === 'config' ? configFileSchema : exportSchema(match);
  io.out(JSON.stringify(schema, null, 2) + '\n');
  return 0;
}
