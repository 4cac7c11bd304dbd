import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { builtinRules } from '../../rules/index.js';
import { ruleCategory, type FileResult } from '../../src/engine/types.js';
import { formatSarif, FINGERPRINT_KEY, SRCROOT } from '../../src/formatters/sarif.js';
import { lintResult } from '../helpers/lint.js';
import { sarifValidator } from './sarif-schema.js';
import { builtinRuleInfo, CWD, fixedContext, fixedResults, realContext, repoRoot, suppressedResults } from './inputs.js';

// Real lints load every rule: slow on a loaded machine.
vi.setConfig({ testTimeout: 30_000 });

interface SarifRule {
  id: string;
  shortDescription: { text: string };
  fullDescription?: { text: string };
  helpUri?: string;
  help?: { text: string; markdown?: string };
  defaultConfiguration: { level: string };
  properties?: { tags: string[]; 'security-severity'?: string };
}

/** The shape of the output that the tests read; the schema checks the rest. */
interface SarifLog {
  $schema: string;
  version: string;
  runs: {
    tool: { driver: { name: string; version?: string; informationUri: string; rules: SarifRule[] } };
    invocations: { executionSuccessful: boolean; toolExecutionNotifications?: unknown[] }[];
    results: {
      ruleId: string;
      ruleIndex: number;
      level: string;
      message: { text: string };
      locations: { physicalLocation: { artifactLocation: { uri: string; uriBaseId?: string }; region: { startLine: number; startColumn: number; endLine: number; endColumn: number } } }[];
      partialFingerprints: Record<string, string>;
    }[];
  }[];
}

let validate: (data: unknown) => string | undefined;

beforeAll(() => {
  validate = sarifValidator();
});

function parse(text: string): SarifLog {
  return JSON.parse(text) as SarifLog;
}

const examples = readdirSync(join(repoRoot, 'fixtures', 'examples')).filter((f) => f.endsWith('.yaml')).sort();

function lintExamples(): FileResult[] {
  return examples.map((name) => {
    const file = `fixtures/examples/${name}`;
    return lintResult(readFileSync(join(repoRoot, file), 'utf8'), { filename: file, preset: 'strict' });
  });
}

describe('sarif output validates against the SARIF 2.1.0 schema', () => {
  it('for real lints of every example fixture, with the CLI working directory at the repository root', () => {
    const results = lintExamples();
    expect(results.map((r) => [r.file, r.diagnostics.length])).toEqual([
      ['fixtures/examples/broken-config.yaml', 19],
      ['fixtures/examples/broken-user.yaml', 8],
      ['fixtures/examples/exported-user.yaml', 5],
      ['fixtures/examples/maximal-config.yaml', 2],
      ['fixtures/examples/maximal-user.yaml', 0],
    ]);
    const text = formatSarif(results, { color: false, cwd: repoRoot, toolVersion: '0.1.0', ruleInfo: builtinRuleInfo });
    expect(validate(JSON.parse(text))).toBeUndefined();
  });

  it('for the hand-built results (unknown rules, odd paths, an unreadable file)', () => {
    expect(validate(JSON.parse(formatSarif(fixedResults(), fixedContext)))).toBeUndefined();
  });

  it('for suppressed results, each marked as an external suppression, with the exception\'s reason', () => {
    const log = parse(formatSarif(suppressedResults(), fixedContext));
    expect(validate(log)).toBeUndefined();
    expect(log.runs[0]?.results.map((r) => [r.ruleId, (r as { suppressions?: unknown }).suppressions])).toEqual([
      ['user/email', undefined],
      ['meta/self-link', [{ kind: 'external', justification: 'Removed by the migration (PLAT-9)' }]],
      ['schema/unknown-field', [{ kind: 'external' }]],
    ]);
  });

  it('and the validator does reject what GitHub would (a guard against a schema that checks nothing)', () => {
    const log = parse(formatSarif(fixedResults(), fixedContext));
    const result = log.runs[0]?.results[0];
    if (!result) throw new Error('no result');
    result.level = 'info';
    const region = result.locations[0]?.physicalLocation.region;
    if (region) region.startLine = 0;
    const errors = validate(log) ?? '';
    expect(errors).toMatch(/level/);
    expect(errors).toMatch(/startLine/);
  });

  it('for no results, without rule info and without a version', () => {
    const log = parse(formatSarif([], { color: false, cwd: CWD }));
    expect(validate(log)).toBeUndefined();
    expect(log.runs).toHaveLength(1);
    expect(log.runs[0]?.results).toEqual([]);
    expect(log.runs[0]?.tool.driver.rules).toEqual([]);
  });
});

describe('sarif content', () => {
  it('has the header GitHub code scanning reads', () => {
    const log = parse(formatSarif(fixedResults(), fixedContext));
    expect(log.version).toBe('2.1.0');
    expect(log.$schema).toMatch(/sarif-schema-2\.1\.0\.json$/);
    const driver = log.runs[0]?.tool.driver;
    expect(driver).toMatchObject({ name: 'platlint', version: '0.1.0', informationUri: expect.stringMatching(/^https:\/\//) as unknown });
  });

  it('maps severities to levels and every ruleIndex to its rule', () => {
    const log = parse(formatSarif(fixedResults(), fixedContext));
    const run = log.runs[0];
    if (!run) throw new Error('no run');
    const input = fixedResults().flatMap((r) => r.diagnostics);
    expect(run.results.map((r) => r.level)).toEqual(input.map((d) => ({ error: 'error', warning: 'warning', info: 'note' })[d.severity]));
    for (const result of run.results) expect(run.tool.driver.rules[result.ruleIndex]?.id).toBe(result.ruleId);
    // Only rules that reported are described, each once.
    expect(run.tool.driver.rules.map((r) => r.id)).toEqual([...new Set(input.map((d) => d.ruleId))].sort());
  });

  it('describes rules from ruleInfo: description, docs URL and default level (a rule off by default as a warning)', () => {
    const rules = parse(formatSarif(fixedResults(), fixedContext)).runs[0]?.tool.driver.rules ?? [];
    const byId = new Map(rules.map((r) => [r.id, r]));
    expect(byId.get('schema/unknown-field')).toEqual({
      id: 'schema/unknown-field',
      shortDescription: { text: 'Disallow fields the platform does not know' },
      fullDescription: { text: 'The platform drops unknown fields silently.' },
      helpUri: 'https://github.com/platlint/platlint/blob/main/rules/schema/unknown-field/README.md',
      help: {
        text: 'The platform drops unknown fields silently.\n\nDocumentation: https://github.com/platlint/platlint/blob/main/rules/schema/unknown-field/README.md',
        markdown: '# schema/unknown-field\n\nDisallow fields the platform does not know.\n\n## Why\n\nThe platform drops unknown\nfields silently.\n\nMore.\n',
      },
      defaultConfiguration: { level: 'error' },
      properties: { tags: ['schema', 'spec'] },
    });
    // A security rule carries the security-severity GitHub ranks alerts by: medium for a warning by default.
    expect(byId.get('security/strict-only')?.properties).toEqual({ tags: ['security'], 'security-severity': '5.0' });
    expect(byId.get('storage/storage-class')?.defaultConfiguration.level).toBe('note');
    expect(byId.get('security/strict-only')?.defaultConfiguration.level).toBe('warning');
    // No info (a policy rule): the id stands in for the description, the level is the most severe one reported.
    expect(byId.get('acme/no-cluster-admin')).toEqual({ id: 'acme/no-cluster-admin', shortDescription: { text: 'acme/no-cluster-admin' }, defaultConfiguration: { level: 'error' } });
  });

  it('uses the built-in rules descriptions and docs pages through the ruleInfo the CLI passes', () => {
    const results = lintExamples();
    const rules = parse(formatSarif(results, { color: false, cwd: repoRoot, ruleInfo: builtinRuleInfo })).runs[0]?.tool.driver.rules ?? [];
    // The rules reported, each once, sorted.
    expect(rules.map((r) => r.id)).toEqual([
      'audit/level-or-policy', 'audit/path', 'audit/unreachable-rule', 'auth/groups-filters', 'auth/oidc-groups', 'auth/oidc-issuer',
      'auth/redirect-uri', 'auth/saml-ca', 'auth/saml-groups', 'config/deprecated', 'config/platform-host', 'meta/name', 'meta/self-link',
      'meta/server-fields', 'schema/enum', 'schema/type', 'schema/unknown-field', 'security/plaintext-secret', 'security/wildcard-access',
      'ui/colors', 'user/access-verbs', 'user/duplicates', 'vault/address', 'vault/auth', 'vault/sync-interval',
    ]);
    for (const rule of rules) {
      const meta = builtinRules.find((r) => r.meta.id === rule.id)?.meta;
      expect(rule.shortDescription.text).toBe(meta?.description);
      expect(rule.helpUri).toBe(`https://github.com/platlint/platlint/blob/main/rules/${rule.id}/README.md`);
    }
  });

  it('locates results relative to the working directory, with forward slashes and %SRCROOT%', () => {
    const results = lintExamples();
    const log = parse(formatSarif(results, { ...realContext, cwd: repoRoot }));
    const uris = new Set(log.runs[0]?.results.map((r) => r.locations[0]?.physicalLocation.artifactLocation));
    expect([...uris].every((l) => l?.uriBaseId === SRCROOT && /^fixtures\/examples\/[a-z-]+\.yaml$/.test(l.uri))).toBe(true);
    // The same file named by an absolute path gives the same URI.
    const absolute = results.map((r) => ({ ...r, file: join(repoRoot, r.file) }));
    expect(formatSarif(absolute, { ...realContext, cwd: repoRoot })).toBe(formatSarif(results, { ...realContext, cwd: repoRoot }));
  });

  it('percent-encodes URIs and gives files outside the working directory an absolute file: URI', () => {
    const log = parse(formatSarif(fixedResults(), fixedContext));
    const locations = log.runs[0]?.results.map((r) => r.locations[0]?.physicalLocation.artifactLocation) ?? [];
    expect(locations).toContainEqual({ uri: 'configs/my%20config.yaml', uriBaseId: SRCROOT });
    expect(locations).toContainEqual({ uri: 'file:///elsewhere/shared%20user.yaml' });
  });

  it('keeps regions 1-based with an exclusive end column, as the diagnostics have them', () => {
    const results = fixedResults();
    const log = parse(formatSarif(results, fixedContext));
    expect(log.runs[0]?.results.map((r) => r.locations[0]?.physicalLocation.region)).toEqual(
      results.flatMap((r) => r.diagnostics).map((d) => ({ startLine: d.line, startColumn: d.column, endLine: d.endLine, endColumn: d.endColumn })),
    );
  });

  it('prints messages as given, followed by their note', () => {
    const log = parse(formatSarif(fixedResults(), fixedContext));
    expect(log.runs[0]?.results.map((r) => r.message.text)).toEqual(fixedResults().flatMap((r) => r.diagnostics.map((d) => (d.note ? `${d.message} ${d.note}` : d.message))));
    expect(log.runs[0]?.results[0]?.message.text).toBe('Unknown field "emial" in spec; did you mean "email"? The platform drops unknown fields silently.');
  });

  it('describes the built-in rules with their doc page, tags and, for security rules, a security-severity', () => {
    const rules = parse(formatSarif(lintExamples(), { color: false, cwd: repoRoot, ruleInfo: builtinRuleInfo })).runs[0]?.tool.driver.rules ?? [];
    const security = rules.filter((r) => r.id.startsWith('security/'));
    expect(security.map((r) => r.id)).toEqual(['security/plaintext-secret', 'security/wildcard-access']);
    for (const rule of rules) {
      const meta = builtinRules.find((r) => r.meta.id === rule.id)?.meta;
      expect(rule.help?.markdown).toBe(readFileSync(join(repoRoot, 'rules', rule.id, 'README.md'), 'utf8'));
      expect(rule.fullDescription?.text.length).toBeGreaterThan(20);
      expect(rule.properties?.tags).toEqual([...new Set([ruleCategory(rule.id), ...(meta?.sources ?? [])])]);
      const expected = rule.id.startsWith('security/') ? { error: '8.0', warning: '5.0', info: '2.0', off: '5.0' }[meta?.severity ?? 'off'] : undefined;
      expect(rule.properties?.['security-severity']).toBe(expected);
    }
  });

  it('fingerprints are stable, unique within a run, and ignore line shifts', () => {
    const fingerprints = (results: FileResult[]): string[] =>
      parse(formatSarif(results, fixedContext)).runs[0]?.results.map((r) => r.partialFingerprints[FINGERPRINT_KEY] ?? '') ?? [];
    const first = fingerprints(fixedResults());
    expect(first.every((f) => /^[0-9a-f]{32}:\d+$/.test(f))).toBe(true);
    expect(new Set(first).size).toBe(first.length);
    expect(fingerprints(fixedResults())).toEqual(first);
    const shifted = fixedResults().map((r) => ({ ...r, diagnostics: r.diagnostics.map((d) => ({ ...d, line: d.line + 3, endLine: d.endLine + 3 })) }));
    expect(fingerprints(shifted)).toEqual(first);
    const reworded = fixedResults();
    const d = reworded[0]?.diagnostics[0];
    if (d) d.message += ' (reworded)';
    expect(fingerprints(reworded)[0]).not.toBe(first[0]);
  });

  it('says what was not linted, and why, in notes that leave the run successful', () => {
    const skipped: FileResult = { file: 'k8s/app.yaml', documents: 0, skipped: 1, skippedFile: true, diagnostics: [], skips: [{ document: 0, line: 3, path: '', reason: 'apiVersion v1, kind ConfigMap: not a management.platform object' }] };
    const log = parse(formatSarif([skipped], fixedContext));
    expect(log.runs[0]?.results).toEqual([]);
    expect(log.runs[0]?.invocations[0]).toEqual({
      executionSuccessful: true,
      toolExecutionNotifications: [
        {
          level: 'note',
          message: { text: 'Not linted: apiVersion v1, kind ConfigMap: not a management.platform object' },
          locations: [{ physicalLocation: { artifactLocation: { uri: 'k8s/app.yaml', uriBaseId: '%SRCROOT%' }, region: { startLine: 3 } } }],
        },
      ],
    });
    expect(validate(log)).toBeUndefined();
  });

  it('reports an unreadable file as a tool execution notification, not a result', () => {
    const log = parse(formatSarif([{ file: 'a.yaml', documents: 0, skipped: 0, diagnostics: [], ioError: 'ENOENT' }], fixedContext));
    expect(log.runs[0]?.results).toEqual([]);
    expect(log.runs[0]?.invocations[0]?.executionSuccessful).toBe(false);
    expect(validate(log)).toBeUndefined();
  });
});
