/**
 * ValidatingAdmissionPolicies and platlint policies in one run on worker threads: the same report as one thread,
 * parameter objects of the linted files seen by every thread, each failing policy rule reported once.
 */
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { mkdtempSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureCorpus } from '../../bench/corpus.js';
import { BIN, runCli } from '../../helpers/cli.js';
import { report } from '../../helpers/json-report.js';
import { binding, docs, policy, rows, USERS_RULES } from './helpers.js';
import { spawnSync } from 'node:child_process';
import { parseAllDocuments } from 'yaml';

const POLICIES = docs(
  policy(
    'email-domains',
    `  paramKind:\n    apiVersion: v1\n    kind: ConfigMap\n${USERS_RULES}  validations:\n    - expression: "!has(object.spec.email) || object.spec.email.endsWith('@' + params.data.domain)"\n      messageExpression: "object.spec.email + ' is not at ' + params.data.domain"\n      fieldPath: spec.email\n`,
  ),
  binding('email-domains', 'email-domains', '[Warn]', '  paramRef:\n    name: domains\n    namespace: policies\n    parameterNotFoundAction: Deny\n'),
  // A platlint policy whose expression fails on the Users without an owner: one policy/evaluation-error per run.
  'apiVersion: platlint/v1\nkind: Policy\nmetadata:\n  name: acme\nspec:\n  rules:\n    - id: acme/owner-team\n      description: Require an owner team\n      severity: info\n      match: {kinds: [User]}\n      expression: "self.spec.owner.team != \'\'"\n      message: the owner team is empty\n',
);

/**
 * The Users of a corpus's files whose spec.email is set and not at `domain`, read with the yaml package. A document
 * with a syntax error (the corpus has some) is never admitted, so no policy judges it; one with a repeated key is
 * read by the platform (the last value wins) and judged.
 */
function usersElsewhere(corpus: string, domain: string): number {
  const files = readdirSync(corpus, { recursive: true, encoding: 'utf8' }).filter((name) => name.endsWith('.yaml'));
  let count = 0;
  for (const file of files) {
    for (const doc of parseAllDocuments(readFileSync(join(corpus, file), 'utf8'), { uniqueKeys: false })) {
      if (doc.errors.length) continue;
      const object = doc.toJS() as { kind?: unknown; spec?: { email?: unknown } } | null;
      const email = object?.kind === 'User' ? object.spec?.email : undefined;
      if (typeof email === 'string' && !email.endsWith(`@${domain}`)) count++;
    }
  }
  return count;
}

describe('policies on worker threads', () => {
  let dir = '';
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'platlint-vap-parallel-'));
    ensureCorpus(join(dir, 'corpus'), { files: 1200, docsPerFile: 1, seed: 7 });
    // The parameter object is in one linted file: every thread must see it.
    writeFileSync(join(dir, 'corpus', 'domains.yaml'), 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: domains\n  namespace: policies\ndata:\n  domain: example.org\n');
    writeFileSync(join(dir, 'policies.yaml'), POLICIES);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('report what one thread reports, each thread linting with the policies', () => {
    const profiles = join(dir, 'profiles');
    mkdirSync(profiles);
    const args = ['--policy', 'policies.yaml', 'corpus', '--format', 'json'];
    const parallel = spawnSync(process.execPath, ['--cpu-prof', `--cpu-prof-dir=${profiles}`, BIN, ...args, '--threads', '2'], { cwd: dir, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
    // --cache keeps a run on the main thread.
    const serial = runCli([...args, '--cache', '--cache-location', join(dir, 'lint.cache')], { cwd: dir });
    expect(parallel.stdout).toBe(serial.stdout);
    const json = report(parallel.stdout);
    const found = rows(json, ['vap/', 'policy/']);
    // Users at example.org pass; the others are warned about; the owner rule fails once, in the policy file.
    // Counted from the corpus itself: every User whose email is not at the parameter object's domain.
    expect(found.filter((r) => r[0] === 'vap/email-domains').length).toBe(usersElsewhere(join(dir, 'corpus'), 'example.org'));
    expect(found.filter((r) => r[0] === 'vap/email-domains').every((r) => r[1] === 'warning' && / is not at example\.org$/.test(r[5]))).toBe(true);
    expect(found.filter((r) => r[0] === 'policy/evaluation-error').map((r) => [r[2], r[3]])).toEqual([['policies.yaml', 42]]);
    const threads = readdirSync(profiles).map((name) => {
      const profile = JSON.parse(readFileSync(join(profiles, name), 'utf8')) as { nodes: { callFrame: { functionName: string } }[] };
      return profile.nodes.some(({ callFrame }) => callFrame.functionName === 'checkObject');
    });
    expect(threads).toEqual([true, true]);
  });
});
