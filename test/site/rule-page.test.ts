/**
 * A rule's page on the docs site (src/site/pages.ts): its README.md, the facts of its meta and its fixtures with the
 * diagnostics the engine gives them. test/e2e/site.test.ts checks the same page as the browser shows it.
 */
import { describe, expect, it } from 'vitest';
import { builtinRules } from '../../rules/index.js';
import { rulePage } from '../../src/site/pages.js';
import { presetSeverities } from '../../src/site/rule-facts.js';
import { fixtureExamples } from '../../src/site/rule-examples.js';
import { repositoryAt } from '../../src/site/links.js';
import { ROOT } from '../helpers/cli.js';

const repository = repositoryAt(ROOT, 'https://github.com/platlint/platlint');
const rule = (id: string) => {
  const found = builtinRules.find((r) => r.meta.id === id);
  if (!found) throw new Error(`no rule ${id}`);
  return found;
};

describe('presetSeverities', () => {
  it("gives each preset's severities, a message's own severity included, or off", () => {
    expect(presetSeverities(rule('security/ui-scripts'), builtinRules)).toEqual([
      { preset: 'recommended', severities: ['warning', 'info'] },
      { preset: 'strict', severities: ['warning', 'info'] },
      { preset: 'security', severities: ['error', 'info'] },
      { preset: 'export', severities: ['warning', 'info'] },
    ]);
    expect(presetSeverities(rule('meta/server-fields'), builtinRules).map(({ severities }) => severities)).toEqual([['warning'], ['warning'], ['warning'], 'off']);
  });
});

describe('fixtureExamples', () => {
  it('lints each fixture as the fixture tests do and keeps the diagnostics of the rule and of its markers', () => {
    const examples = fixtureExamples(ROOT, 'user/duplicates');
    expect(examples.map((item) => item.path)).toEqual(['fixtures/user/duplicates/invalid.yaml', 'fixtures/user/duplicates/valid.yaml']);
    expect(examples[0]?.diagnostics.map((d) => `${d.line}:${d.column} ${d.severity} ${d.ruleId}`)).toEqual([
      '11:7 warning user/duplicates',
      '12:7 warning user/duplicates',
      '13:7 warning user/duplicates',
      '14:40 warning user/duplicates',
    ]);
    expect(examples[1]?.diagnostics).toEqual([]);
  });

  it('gives a patch its base and an update its previous version', () => {
    const patch = fixtureExamples(ROOT, 'patch/operation').find((item) => item.path.endsWith('/unknown.patch.yaml'));
    expect(patch?.companion?.role).toBe('base');
    expect(patch?.companion?.path).toBe('fixtures/patch/operation/base.yaml');
    expect(patch?.diagnostics.map((d) => `${d.line}:${d.column} ${d.ruleId}`)).toEqual(['1:7 patch/operation']);
    const update = fixtureExamples(ROOT, 'change/disabled').find((item) => item.path.endsWith('/disabled.yaml'));
    expect(update?.companion).toMatchObject({ role: 'previous', path: 'fixtures/change/disabled/disabled.old.yaml' });
  });
});

describe('rulePage', () => {
  const page = rulePage(rule('user/duplicates'), ROOT, repository);

  it('is the README with the facts of the meta after its introduction and the fixtures at the end', () => {
    expect(page.startsWith('# user/duplicates\n\nDisallow duplicate entries')).toBe(true);
    expect(page.indexOf('## Presets and options')).toBeLessThan(page.indexOf('## Why'));
    expect(page).toContain('| `security` (the security rules’ warnings as errors) | warning |');
    expect(page).toContain('- Category: `user`.\n- Applies to: User manifests.\n- Fixable: yes, `platlint --fix` applies its fixes.\n- Options: none.');
    expect(page.indexOf('## Examples from the fixtures')).toBeGreaterThan(page.indexOf('## Valid'));
  });

  it('shows a reporting fixture with its reported lines highlighted and its diagnostics, escaped, below it', () => {
    const reports = page.slice(page.indexOf('### Reports'), page.indexOf('### Does not report'));
    expect(reports).toContain('#### invalid.yaml\n\n[`fixtures/user/duplicates/invalid.yaml`](https://github.com/platlint/platlint/blob/main/fixtures/user/duplicates/invalid.yaml):');
    expect(reports).toContain('```yaml:line-numbers {11,12,13,14}\n# user/duplicates: repeated groups');
    expect(reports).toContain('<tr><td class="diagnostic-position">11:7</td><td><span class="diagnostic-severity severity-warning">warning</span></td><td><code>user/duplicates</code></td>' +
      '<td><span class="diagnostic-message">Group &quot;platform-engineering&quot; is listed twice in spec.groups (first at groups[0]): the user is in a group once, however often it is listed.</span>' +
      '<span class="diagnostic-note">Remove the duplicate.</span></td></tr>');
    const silent = page.slice(page.indexOf('### Does not report'));
    expect(silent).toContain('#### valid.yaml');
    expect(silent).toContain('No diagnostic of `user/duplicates`.');
  });

  it("shows a rule's options with their JSON Schema and defaults", () => {
    const options = rulePage(rule('security/ui-scripts'), ROOT, repository);
    expect(options).toContain('- Options: below.');
    expect(options).toContain('"trustedOrigins": {\n      "type": "array"');
    expect(options).toContain('The defaults:\n\n```json\n{\n  "trustedOrigins": []\n}\n```');
  });

  it('says so of a rule that no manifest can show', () => {
    const policy = rulePage(rule('policy/invalid'), ROOT, repository);
    expect(policy).not.toContain('## Examples from the fixtures');
    expect(policy.trimEnd().endsWith('No manifest can show this rule, so it has no fixtures: what it reports on is said above.')).toBe(true);
  });

  it('links the diagnostics of other rules a marker names to their pages, relative to the page', () => {
    const all = builtinRules.map((r) => rulePage(r, ROOT, repository)).join('\n');
    const links = [...all.matchAll(/<a href="\.\.\/([\w-]+\/[\w-]+)\.html"><code>\1<\/code><\/a>/g)].map((m) => m[1]);
    // The other rules the fixtures' markers name, on the pages that show those fixtures.
    expect(links).toEqual(['schema/unknown-field', 'schema/unknown-field', 'schema/unknown-field', 'auth/oidc-issuer', 'yaml/syntax']);
    for (const id of links) expect(builtinRules.some((r) => r.meta.id === id)).toBe(true);
  });
});
