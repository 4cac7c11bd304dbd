import { ruleCategory } from '../engine/types.js';
import { currentIdOf } from '../../rules/aliases.js';
import { readRuleDoc } from '../engine/docs.js';
import { exportSchema } from '../schema/index.js';
import { reportSchema } from '../formatters/report-schema.js';
import { configFileSchema } from '../settings-file/schema.js';
import type { CliIo } from './io.js';
import { loadRuleSet, type RuleSetFlags } from './rule-set.js';
import { nearest } from '../schema/suggest.js';
import { UsageError } from './settings.js';

export async function runRules(flags: RuleSetFlags & { format: string }, io: CliIo): Promise<number> {
  if (flags.format !== 'table' && flags.format !== 'json') throw new UsageError(`unknown format "${flags.format}" for rules (use table or json)`);
  const { rules, docsUrl } = await loadRuleSet(flags, io.cwd);
  if (flags.format === 'json') {
    io.out(JSON.stringify(rules.map(({ meta }) => ({
      id: meta.id,
      category: ruleCategory(meta.id),
      severity: meta.severity,
      fixable: meta.fixable === true,
      description: meta.description,
      sources: meta.sources,
      docsUrl: docsUrl(meta.id) ?? null,
    })), null, 2) + '\n');
    return 0;
  }
  const idWidth = Math.max(...rules.map((r) => r.meta.id.length), 2);
  const catWidth = Math.max(...rules.map((r) => ruleCategory(r.meta.id).length), 8);
  const lines = [`${'ID'.padEnd(idWidth)}  ${'CATEGORY'.padEnd(catWidth)}  SEVERITY  FIX  DESCRIPTION`];
  for (const { meta } of rules) {
    lines.push(`${meta.id.padEnd(idWidth)}  ${ruleCategory(meta.id).padEnd(catWidth)}  ${meta.severity.padEnd(8)}  ${meta.fixable ? 'yes' : '   '}  ${meta.description}`);
  }
  io.out(lines.join('\n') + '\n');
  return 0;
}

export async function runExplain(asked: string, flags: RuleSetFlags, io: CliIo): Promise<number> {
  const current = currentIdOf(asked);
  // A former id shows the renamed rule's page, headed by its current id, so the reader learns what to write.
  if (current) io.out(`${asked} is now ${current} (the former id still works, deprecated).\n\n`);
  const id = current ?? asked;
  let doc = readRuleDoc(id);
  if (!doc) {
    const { policies, rules } = await loadRuleSet(flags, io.cwd);
    doc = policies?.explain(id);
    if (!doc) throw new UsageError(`unknown rule "${id}"${nearest(id, rules.map((r) => r.meta.id), ' (see platlint rules)')}`);
  }
  io.out(doc.endsWith('\n') ? doc : doc + '\n');
  return 0;
}

const SCHEMA_NAMES = ['User', 'Config', 'config', 'policy', 'report'] as const;

export async function runSchema(name: string, io: CliIo): Promise<number> {
  // `Config` is the resource, `config` the .platlint.yaml file: exact case first, then case-insensitive.
  const match = SCHEMA_NAMES.find((n) => n === name) ?? SCHEMA_NAMES.find((n) => n.toLowerCase() === name.toLowerCase());
  if (!match) throw new UsageError(`unknown schema "${name}" (use ${SCHEMA_NAMES.join(', ')})`);
  let schema: unknown;
  if (match === 'report') schema = reportSchema;
  else if (match === 'config') schema = configFileSchema;
  else if (match === 'policy') schema = (await import('../policy/schema.js')).policySchema;
  else schema = exportSchema(match);
  io.out(JSON.stringify(schema, null, 2) + '\n');
  return 0;
}
