import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { builtinRules } from '../../rules/index.js';
import { lintText } from '../../src/engine/lint.js';
import { readsDocument, rulePlan } from '../../src/engine/rule-plan.js';
import type { RuleSetting } from '../../src/engine/settings.js';
import type { Rule } from '../../src/engine/types.js';
import { FIXTURES, fixtureFiles, lintFixture } from '../helpers/fixtures.js';
import { manifest } from '../helpers/manifests.js';

/** A rule that reports the document's root once per run, and counts its runs. */
function probe(id: string, meta: Partial<Rule['meta']> = {}): Rule & { runs: number; seen: Record<string, unknown>[] } {
  const rule = {
    runs: 0,
    seen: [] as Record<string, unknown>[],
    meta: { id, description: 'Probe', severity: 'warning' as const, sources: ['spec' as const], ...meta },
    messages: { hit: 'hit {{n}}' },
    check(_doc: unknown, ctx: { report(r: unknown): void; options: Readonly<Record<string, unknown>> }) {
      rule.runs++;
      rule.seen.push({ ...ctx.options });
      ctx.report({ messageId: 'hit', path: [], data: { n: rule.runs } });
    },
  };
  return rule as unknown as Rule & { runs: number; seen: Record<string, unknown>[] };
}

const CONFIG = (body: string): string => manifest('Config', 'c', body);

function run(rules: Rule[], text: string, settings = new Map<string, RuleSetting>(), pruneSections = true): string[] {
  return lintText(text, { filename: 'x.yaml', rules, settings, pruneSections }).diagnostics.map((d) => `${d.ruleId}: ${d.message}`);
}

describe('rule plan', () => {
  it('runs a rule with sections only on documents where one of them has a value (an explicit null counts)', () => {
    const vault = probe('test/vault', { sections: ['status.vault', 'status.database.dataSource'] });
    expect(run([vault], CONFIG('status:\n  platformHost: a.example.com\n'))).toEqual([]);
    expect(run([vault], CONFIG('spec: {}\n'))).toEqual([]);
    expect(run([vault], CONFIG('status:\n  vault:\n    enabled: true\n'))).toEqual(['test/vault: hit 1']);
    expect(run([vault], CONFIG('status:\n  database:\n    dataSource: mysql://db\n'))).toEqual(['test/vault: hit 2']);
    expect(run([vault], CONFIG('status:\n  vault: null\n'))).toEqual(['test/vault: hit 3']);
    expect(vault.runs).toBe(3);
  });

  it('reads sections out of spec.raw for the raw status', () => {
    const vault = probe('test/vault', { sections: ['status.vault'] });
    expect(run([vault], CONFIG('spec:\n  raw: |\n    vault:\n      enabled: true\n'))).toEqual(['test/vault: hit 1']);
  });

  it('runs on the status out of spec.raw only the rules that read a status: the others already saw the rest', () => {
    const meta = probe('test/meta', { sections: ['metadata'] });
    const vault = probe('test/vault', { sections: ['metadata', 'status.vault'] });
    const all = probe('test/all');
    const text = CONFIG('spec:\n  raw: |\n    vault:\n      enabled: true\nstatus:\n  vault:\n    enabled: false\n');
    expect(run([meta, vault, all], text)).toEqual(['test/all: hit 1', 'test/all: hit 2', 'test/meta: hit 1', 'test/vault: hit 1', 'test/vault: hit 2']);
    expect([meta.runs, vault.runs, all.runs]).toEqual([1, 2, 2]);
  });

  it('runs a rule without sections on every document of its kinds, with its options merged over the defaults', () => {
    const users = probe('test/users', { kinds: ['User'], optionsSchema: { type: 'object', properties: { a: { type: 'integer', default: 1 }, b: { type: 'integer', default: 2 } } } });
    const all = probe('test/all');
    const settings = new Map<string, RuleSetting>([['test/users', { options: { b: 3 } }]]);
    const text = `${CONFIG('status: {}\n')}---\napiVersion: management.platform/v1\nkind: User\nmetadata:\n  name: u\n`;
    expect(run([users, all], text, settings)).toEqual(['test/all: hit 1', 'test/all: hit 2', 'test/users: hit 1']);
    expect(users.seen).toEqual([{ a: 1, b: 3 }]);
  });

  it('follows settings changed between files, and leaves out rules that are off or of the other kind', () => {
    const settings = new Map<string, RuleSetting>();
    expect(rulePlan(builtinRules, settings).enabled.has('meta/labels')).toBe(true);
    settings.set('meta/labels', { severity: 'off' });
    expect(rulePlan(builtinRules, settings).enabled.has('meta/labels')).toBe(false);
    expect(rulePlan(builtinRules, settings).checks.User.some((p) => p.rule.meta.id === 'meta/labels')).toBe(false);
    expect(rulePlan(builtinRules, settings).checks.User.some((p) => p.rule.meta.id === 'auth/saml-ca')).toBe(false);
    expect(rulePlan(builtinRules, settings).checks.Config.some((p) => p.rule.meta.id === 'auth/saml-ca')).toBe(true);
    expect(rulePlan(builtinRules, settings).schema).toBe(true);
    const probeRule = probe('test/p');
    const probeSettings = new Map<string, RuleSetting>();
    expect(run([probeRule], CONFIG('status: {}\n'), probeSettings)).toEqual(['test/p: hit 1']);
    probeSettings.set('test/p', { severity: 'off' });
    expect(run([probeRule], CONFIG('status: {}\n'), probeSettings)).toEqual([]);
  });

  it('checks sections as dotted paths through mappings only', () => {
    const [planned] = rulePlan([probe('test/p', { sections: ['status.auth.connectors'] })], new Map()).checks.Config;
    if (!planned) throw new Error('no plan');
    expect(readsDocument(planned, { status: { auth: { connectors: [] } } })).toBe(true);
    expect(readsDocument(planned, { status: { auth: ['connectors'] } })).toBe(false);
    expect(readsDocument(planned, { status: 'auth' })).toBe(false);
  });

  it('declares sections only under the top-level keys of the documents the rules check', () => {
    for (const rule of builtinRules) {
      for (const section of rule.meta.sections ?? []) expect(section, rule.meta.id).toMatch(/^(metadata|spec|status)(\.[A-Za-z]+)*$/);
    }
  });
});

describe('section pruning', () => {
  it('can be turned off: then a rule runs on documents without its sections, the raw status still only for status readers', () => {
    const vault = probe('test/vault', { sections: ['status.vault'] });
    const meta = probe('test/meta', { sections: ['metadata'] });
    const text = CONFIG('spec:\n  raw: |\n    platformHost: a.example.com\n');
    expect(run([vault, meta], text, new Map(), false)).toEqual(['test/meta: hit 1', 'test/vault: hit 1', 'test/vault: hit 2']);
  });

  /** The rules' fixtures and the example manifests: what every rule's sections must hold for. */
  const files = [
    ...builtinRules.flatMap((rule) => fixtureFiles(rule.meta.id)),
    ...readdirSync(join(FIXTURES, 'examples')).filter((name) => /\.ya?ml$/.test(name)).map((name) => join(FIXTURES, 'examples', name)),
  ];

  it.each(files.map((file) => [file.slice(FIXTURES.length + 1), file]))('changes no diagnostic of %s: every rule declares the sections it reads', (_, file) => {
    const text = readFileSync(file, 'utf8');
    expect(lintFixture(file, text)).toEqual(lintFixture(file, text, { pruneSections: false }));
  });
});
