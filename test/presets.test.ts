import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { builtinRules } from '../rules/index.js';
import { lintText } from '../src/engine/lint.js';
import { PRESET_NAMES, presetSettings } from '../src/engine/presets.js';
import { isRuleEnabled } from '../src/engine/settings.js';
import { ruleCategory, type Rule } from '../src/engine/types.js';
import { lint, spans } from './helpers/lint.js';

const EXAMPLES = join(import.meta.dirname, '../fixtures/examples');

/** One finding of every security rule: ui-scripts twice (its warning and its info message). */
const INSECURE_CONFIG = `apiVersion: management.platform/v1
kind: Config
metadata:
  name: insecure
status:
  platformHost: platform.example.com
  auth:
    gitForgeA:
      clientSecret: inline-client-secret
      redirectURI: https://platform.example.com/auth/github/callback
  oidc:
    wildcardRedirect: true
  vault:
    address: http://vault.example.com
    skipTLSVerify: true
    auth:
      tokenSecretRef: {name: vault-token, key: token}
  uiSettings:
    legalTemplate: "<script>alert(1)</script>"
    customJavaScript:
      - https://cdn.example.net/x.js
---
apiVersion: management.platform/v1
kind: User
metadata:
  name: jane
spec:
  access:
    - verbs: ["*"]
      users: ["*"]
`;

function securityFindings(preset: (typeof PRESET_NAMES)[number]): [string, string][] {
  return lint(INSECURE_CONFIG, { preset })
    .filter((d) => d.ruleId.startsWith('security/'))
    .map((d) => [d.ruleId, d.severity]);
}

function stub(id: string, severity: Rule['meta']['severity']): Rule {
  return {
    meta: { id, description: 'Flag everything', severity, sources: ['spec'] },
    messages: { found: 'found' },
    check(_doc, ctx) {
      ctx.report({ messageId: 'found', path: ['metadata', 'name'] });
    },
  };
}

describe('presets', () => {
  it('recommended: the security rules report at their own defaults, warnings (and the ui-scripts info)', () => {
    expect(securityFindings('recommended').sort()).toEqual(
      [
        ['security/http-url', 'warning'],
        ['security/insecure-tls', 'warning'],
        ['security/open-sign-up', 'warning'],
        ['security/plaintext-secret', 'warning'],
        ['security/ui-scripts', 'info'],
        ['security/ui-scripts', 'warning'],
        ['security/wildcard-access', 'warning'],
        ['security/wildcard-redirect', 'warning'],
      ].sort(),
    );
  });

  it('security: every warning of every security rule becomes an error, the ui-scripts info stays an info', () => {
    const findings = securityFindings('security');
    expect(findings).toHaveLength(8);
    expect(findings.filter(([, severity]) => severity !== 'error')).toEqual([['security/ui-scripts', 'info']]);
    const settings = presetSettings('security', builtinRules);
    for (const rule of builtinRules) {
      expect(settings.get(rule.meta.id), rule.meta.id).toEqual(ruleCategory(rule.meta.id) === 'security' ? { severity: 'raise' } : undefined);
    }
  });

  it('security leaves the other rules at their defaults', () => {
    const other = (preset: 'recommended' | 'security') =>
      lint(INSECURE_CONFIG, { preset }).filter((d) => !d.ruleId.startsWith('security/')).map((d) => [d.ruleId, d.severity, d.line]);
    expect(other('security')).toEqual(other('recommended'));
  });

  it('strict turns every rule on, also a rule that is off by default, at its own default severity', () => {
    const settings = presetSettings('strict', builtinRules);
    for (const rule of builtinRules) {
      expect(settings.get(rule.meta.id), rule.meta.id).toEqual({ severity: 'on' });
      expect(isRuleEnabled(rule.meta, settings.get(rule.meta.id)), rule.meta.id).toBe(true);
    }
    const rules = [stub('test/off-by-default', 'off'), stub('test/info', 'info')];
    const run = (preset: 'recommended' | 'strict') =>
      lintText('apiVersion: management.platform/v1\nkind: User\nmetadata:\n  name: jane\n', {
        filename: 'x.yaml',
        rules,
        settings: presetSettings(preset, rules),
      }).diagnostics.map((d) => [d.ruleId, d.severity]);
    expect(run('recommended')).toEqual([['test/info', 'info']]);
    // An off rule turned on reports as a warning (effectiveSeverity); an on rule keeps its own severity.
    expect(run('strict')).toEqual([
      ['test/info', 'info'],
      ['test/off-by-default', 'warning'],
    ]);
  });

  it('export turns meta/server-fields off and nothing else: the rules whose meta says they report server-set fields', () => {
    expect([...presetSettings('export', builtinRules)]).toEqual([['meta/server-fields', { severity: 'off' }]]);
    const serverSet = stub('test/server-set', 'warning');
    const rules = [...builtinRules, { ...serverSet, meta: { ...serverSet.meta, serverSetFields: true } }, stub('test/other', 'warning')];
    expect([...presetSettings('export', rules)]).toEqual([
      ['meta/server-fields', { severity: 'off' }],
      ['test/server-set', { severity: 'off' }],
    ]);
  });

  it('export accepts the server-set fields of an exported object that recommended reports', () => {
    const text = readFileSync(join(EXAMPLES, 'exported-user.yaml'), 'utf8');
    const serverFields = (preset: 'recommended' | 'export') => lint(text, { preset }).filter((d) => d.ruleId === 'meta/server-fields');
    expect(spans(serverFields('recommended'))).toEqual([
      ['meta/server-fields', 9, 3, 9, 20],
      ['meta/server-fields', 12, 3, 12, 13],
      ['meta/server-fields', 15, 3, 15, 16],
      ['meta/server-fields', 56, 3, 56, 18],
      ['meta/server-fields', 57, 3, 57, 6],
    ]);
    expect(serverFields('export')).toEqual([]);
    expect(lint(text, { preset: 'export' }).filter((d) => d.severity !== 'info').map((d) => `${d.ruleId}: ${d.message}`)).toEqual([]);
  });

  it('knows exactly the four documented presets', () => {
    expect([...PRESET_NAMES]).toEqual(['recommended', 'strict', 'security', 'export']);
  });
});
