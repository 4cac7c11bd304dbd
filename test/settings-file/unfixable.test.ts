/** `unfixable` as the settings resolve it: which rules, for which files, from where, and what survives later entries. */
import { describe, expect, it } from 'vitest';
import { builtinRules } from '../../rules/index.js';
import { loadConfigFile } from '../../src/settings-file/load.js';
import { ResolvedConfig } from '../../src/settings-file/resolve.js';
import type { Rule } from '../../src/engine/types.js';

const PATH = '/project/.platlint.yaml';

function resolved(text: string, rules: readonly Rule[] = builtinRules): ResolvedConfig {
  return new ResolvedConfig(loadConfigFile(PATH, text), rules, '/project');
}

const unfixableIn = (config: ResolvedConfig, file: string): string[] =>
  [...config.settingsFor(file)].filter(([, setting]) => setting.unfixable === true).map(([id]) => id).sort();

describe('unfixable in .platlint.yaml', () => {
  it('marks the rules with fixes a glob names, adds an override\'s for its files, and outlives later severities and options', () => {
    const config = resolved(['unfixable: [meta/*]', 'rules:', '  meta/self-link: error', 'overrides:', '  - files: ["prod/**"]', '    unfixable: [schema/enum]', '    rules:', '      meta/finalizers: off', ''].join('\n'));
    expect(unfixableIn(config, '/project/a.yaml')).toEqual(['meta/finalizers', 'meta/self-link']);
    expect(unfixableIn(config, '/project/prod/a.yaml')).toEqual(['meta/finalizers', 'meta/self-link', 'schema/enum']);
    expect(config.settingsFor('/project/prod/a.yaml').get('meta/self-link')).toEqual({ severity: 'error', unfixable: true });
    expect(config.settingsFor('/project/prod/a.yaml').get('meta/finalizers')).toEqual({ severity: 'off', unfixable: true });
    const { unfixable } = config.explain('/project/prod/a.yaml');
    expect(Object.fromEntries(unfixable)).toEqual({
      'meta/finalizers': { type: 'config', file: PATH, line: 1 },
      'meta/self-link': { type: 'config', file: PATH, line: 1 },
      'schema/enum': { type: 'override', name: 'prod/**', file: PATH, line: 6 },
    });
  });

  it('names a fixable rule by a former id with a deprecation, as rules entries do', () => {
    // No built-in rule with fixes has a former id yet: a set where container-resources/quantities (formerly resources/quantities) fixes.
    const rules = builtinRules.map((rule) => (rule.meta.id === 'container-resources/quantities' ? { ...rule, meta: { ...rule.meta, fixable: true } } : rule));
    const config = resolved('unfixable: [resources/quantities]\n', rules);
    expect(unfixableIn(config, '/project/a.yaml')).toEqual(['container-resources/quantities']);
    expect(config.deprecations).toEqual([`${PATH}:1:13: unfixable.0: "resources/quantities" names container-resources/quantities by a former id, which is deprecated: write the current id`]);
  });

  it('may be empty, as a list being filled in is', () => {
    expect(unfixableIn(resolved('unfixable: []\noverrides:\n  - files: [a]\n    unfixable: []\n'), '/project/a')).toEqual([]);
    expect(loadConfigFile(PATH, 'unfixable: [""]\n').problems).toEqual([`${PATH}:1:13: unfixable.0: must NOT have fewer than 1 characters`]);
  });

  it('is a mistake at its place for an id that names no rule, or no rule with fixes', () => {
    expect(() => resolved('unfixable: [meta/name, nope/*]\n')).toThrow(
      [
        `${PATH}:1:13: unfixable.0: names no rule with fixes (rules with fixes: schema/unknown-field, schema/enum, meta/finalizers, meta/self-link, user/access-verbs, user/cluster-roles, user/duplicates, directive/unused)`,
        `${PATH}:1:24: unfixable.1: matches no rule`,
      ].join('\n'),
    );
  });
});

describe('fixable in .platlint.yaml', () => {
  const WITH_FIXES = ['directive/unused', 'meta/finalizers', 'meta/self-link', 'schema/enum', 'schema/unknown-field', 'user/access-verbs', 'user/cluster-roles', 'user/duplicates'];

  it('leaves fixable only the rules it names, narrows for an override\'s files, and adds to unfixable', () => {
    const config = resolved(['fixable: [schema/*, user/duplicates]', 'unfixable: [schema/enum]', 'overrides:', '  - files: ["prod/**"]', '    fixable: [schema/unknown-field, meta/self-link]', ''].join('\n'));
    expect(unfixableIn(config, '/project/a.yaml')).toEqual(WITH_FIXES.filter((id) => !['schema/unknown-field', 'user/duplicates'].includes(id)));
    // Both lists hold: only what each names stays fixable (meta/self-link is not in the top level's).
    expect(unfixableIn(config, '/project/prod/a.yaml')).toEqual(WITH_FIXES.filter((id) => id !== 'schema/unknown-field'));
    const { unfixable } = config.explain('/project/prod/a.yaml');
    expect(Object.fromEntries(unfixable)).toEqual({
      'directive/unused': { type: 'config', file: PATH, line: 1, notIn: 'fixable' },
      'meta/finalizers': { type: 'config', file: PATH, line: 1, notIn: 'fixable' },
      'meta/self-link': { type: 'config', file: PATH, line: 1, notIn: 'fixable' },
      'user/access-verbs': { type: 'config', file: PATH, line: 1, notIn: 'fixable' },
      'user/cluster-roles': { type: 'config', file: PATH, line: 1, notIn: 'fixable' },
      'schema/enum': { type: 'config', file: PATH, line: 2 },
      'user/duplicates': { type: 'override', name: 'prod/**', file: PATH, line: 5, notIn: 'fixable' },
    });
  });

  it('leaves every rule fixable when absent, and none when empty', () => {
    expect(unfixableIn(resolved('rules: {}\n'), '/project/a.yaml')).toEqual([]);
    expect(unfixableIn(resolved('fixable: []\n'), '/project/a.yaml')).toEqual(WITH_FIXES);
  });

  it('is a mistake at its place for an id that names no rule, or no rule with fixes', () => {
    expect(() => resolved('fixable: [schema/*, meta/name]\noverrides:\n  - files: [a]\n    fixable: [nope]\n')).toThrow(
      [
        `${PATH}:1:21: fixable.1: names no rule with fixes (rules with fixes: schema/unknown-field, schema/enum, meta/finalizers, meta/self-link, user/access-verbs, user/cluster-roles, user/duplicates, directive/unused)`,
        `${PATH}:4:15: overrides.0.fixable.0: matches no rule`,
      ].join('\n'),
    );
  });
});
