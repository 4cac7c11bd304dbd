import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { lint } from './helpers/lint.js';

const EXAMPLES = join(import.meta.dirname, '../fixtures/examples');

/**
 * The shipped example manifests, the one place they are checked: every diagnostic of every registered rule (`strict`
 * turns them all on), as `line:column severity rule`, with nothing filtered out.
 *
 * - maximal-user.yaml and maximal-config.yaml set every field to a valid value. maximal-config.yaml sets the
 *   deprecated `status.oidc` and `status.devPodSubDomain` on purpose (its header says so): two `config/deprecated`
 *   warnings. Every secret is an environment reference and every URL https: no `security/*` finding.
 * - exported-user.yaml is a User as the server returns it: its server-set metadata fields are reported (the `export`
 *   preset its header asks for turns them off: presets.test.ts).
 * - broken-user.yaml and broken-config.yaml hold the mistakes people make by hand, each reported once.
 */
const EXPECTED: Readonly<Record<string, readonly string[]>> = {
  'broken-config.yaml': [
    '7:17 error config/platform-host',
    '12:18 error auth/oidc-issuer',
    '12:18 error auth/oidc-issuer',
    '13:7 error schema/unknown-field',
    '14:21 warning security/plaintext-secret',
    '15:20 error auth/redirect-uri',
    '16:7 warning auth/oidc-groups',
    '17:5 error auth/saml-ca',
    '22:7 warning auth/saml-groups',
    '24:9 error auth/groups-filters',
    '25:3 error audit/path',
    '27:5 error audit/level-or-policy',
    '30:18 error schema/enum',
    '31:11 warning audit/unreachable-rule',
    '34:19 error ui/colors',
    '36:19 error schema/enum',
    '40:5 warning vault/address',
    '40:5 warning vault/auth',
    '41:19 error vault/sync-interval',
  ],
  'broken-user.yaml': [
    '5:9 error meta/name',
    '6:3 warning meta/self-link',
    '10:3 error schema/unknown-field',
    '11:20 error schema/type',
    '14:7 warning user/duplicates',
    '18:20 error user/access-verbs',
    '18:26 warning user/access-verbs',
    '19:15 warning security/wildcard-access',
  ],
  'exported-user.yaml': [
    '9:3 warning meta/server-fields',
    '12:3 warning meta/server-fields',
    '15:3 warning meta/server-fields',
    '56:3 warning meta/server-fields',
    '57:3 warning meta/server-fields',
  ],
  'maximal-config.yaml': ['201:3 warning config/deprecated', '312:3 warning config/deprecated'],
  'maximal-user.yaml': [],
};

const shown = (d: { line: number; column: number; severity: string; ruleId: string }): string => `${d.line}:${d.column} ${d.severity} ${d.ruleId}`;
const read = (file: string): string => readFileSync(join(EXAMPLES, file), 'utf8');

describe('the example manifests', () => {
  it('are all listed here', () => {
    expect(readdirSync(EXAMPLES).filter((name) => /\.ya?ml$/.test(name)).sort()).toEqual(Object.keys(EXPECTED).sort());
  });

  it.each(Object.entries(EXPECTED))('%s gets exactly its diagnostics from every registered rule', (file, expected) => {
    expect(lint(read(file), { preset: 'strict' }).map(shown)).toEqual(expected);
  });
});
