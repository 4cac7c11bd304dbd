import { ruleCategory } from '../engine/types.js';
import { currentIdsOf } from '../../rules/aliases.js';
import { builtinRules } from '../../rules/index.js';
import { readRuleDoc, RULE_DOCS_ARCHIVE } from '../project/rule-docs.js';
import { editorSchema, manifestSchema } from '../schema/editor-schemas.js';
import { reportSchema } from '../formatters/report-schema.js';
import { configFileSchema } from '../settings-file/schema.js';
import type { CliIo } from './io.js';
import { loadRuleSet, type RuleSetFlags } from '../project/rule-set.js';
import { nearest } from '../engine/suggest.js';
import { UsageError } from './settings.js';
import { terminalLines } from '../formatters/ansi.js';

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
  // A policy's description is a YAML value: shown, not obeyed, by the terminal (the JSON above escapes it).
  io.out(terminalLines(lines.join('\n') + '\n'));
  return 0;
}

/** `a`, `a and b`, `a, b and c`. */
function listed(ids: readonly string[]): string {
  return ids.length < 2 ? ids.join('') : `${ids.slice(0, -1).join(', ')} and ${ids[ids.length - 1] ?? ''}`;
}

export async function runExplain(asked: string, flags: RuleSetFlags, io: CliIo): Promise<number> {
  const current = currentIdsOf(asked);
  // A former id shows the pages of the rules it names, headed by their current ids, so the reader learns what to write.
  if (current?.length === 1) io.out(`${asked} is now ${listed(current)} (the former id still works, deprecated).\n\n`);
  else if (current) io.out(`${asked} is now ${current.length} rules, one per check: ${listed(current)} (the former id still names them all, deprecated).\n\n`);
  const docs: string[] = [];
  for (const id of current ?? [asked]) {
    let doc = readRuleDoc(id);
    if (!doc) {
      const { policies, rules } = await loadRuleSet(flags, io.cwd);
      doc = policies?.explain(id);
      // A built-in rule always has a page: without one, the installation is damaged, not the command line.
      if (!doc && builtinRules.some((rule) => rule.meta.id === id)) throw new Error(`the page of ${id} is not in this installation (${RULE_DOCS_ARCHIVE} is missing or damaged): reinstall platlint`);
      if (!doc) throw new UsageError(`unknown rule "${id}"${nearest(id, rules.map((r) => r.meta.id), ' (see platlint rules)')}`);
    }
    docs.push(doc.endsWith('\n') ? doc : doc + '\n');
  }
  // A custom policy rule's page quotes its YAML (description, message, CEL): its control characters are pictured.
  io.out(terminalLines(docs.join('\n')));
  return 0;
}

/** `platlint schema <name>`: the names, case-insensitive, and what each prints. */
const SCHEMAS: ReadonlyMap<string, () => Promise<unknown>> = new Map([
  ['user', async () => editorSchema('User')],
  ['config', async () => editorSchema('Config')],
  ['manifest', async () => manifestSchema()],
  ['settings', async () => configFileSchema],
  ['policy', async () => (await import('../policy/schema.js')).policySchema],
  ['report', async () => reportSchema],
  ['policy-test', async () => (await import('../formatters/policy-test-schema.js')).policyTestReportSchema],
]);

const SCHEMA_NAMES: readonly string[] = [...SCHEMAS.keys()];

export async function runSchema(name: string, io: CliIo): Promise<number> {
  const print = SCHEMAS.get(name.toLowerCase());
  if (!print) throw new UsageError(`unknown schema "${name}" (use ${SCHEMA_NAMES.join(', ')})`);
  // `schema config` printed the .platlint.yaml schema until its meaning moved to `settings`: while the package is
  // before 1.0, whoever relied on that is told where it went.
  if (name === 'config') io.error('platlint: `schema config` prints the Config resource schema; the .platlint.yaml schema is now `platlint schema settings`');
  io.out(JSON.stringify(await print(), null, 2) + '\n');
  return 0;
}
