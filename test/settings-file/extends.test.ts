/** Settings files named in `extends`: how they are read, in which order they apply, and their mistakes at their lines. */
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { builtinRules } from '../../rules/index.js';
import { readConfigFile } from '../../src/project/config-file.js';
import { ConfigError, loadConfigFile } from '../../src/settings-file/load.js';
import { ResolvedConfig } from '../../src/settings-file/resolve.js';
import { tempTree } from '../helpers/files.js';

/** The project's settings resolved as a lint run resolves them, with the files of `files` on disk. */
function resolvedIn(files: Record<string, string>): { dir: string; config: ResolvedConfig } {
  const dir = tempTree('platlint-extends-', files);
  return { dir, config: new ResolvedConfig(readConfigFile(join(dir, '.platlint.yaml')), builtinRules, dir) };
}

/** The mistakes resolving the project's settings throws, one line each. */
function mistakesIn(files: Record<string, string>): { dir: string; lines: readonly string[]; files: readonly string[] } {
  const dir = tempTree('platlint-extends-', files);
  try {
    new ResolvedConfig(readConfigFile(join(dir, '.platlint.yaml')), builtinRules, dir);
  } catch (error) {
    if (error instanceof ConfigError) return { dir, lines: error.lines, files: error.files };
    throw error;
  }
  throw new Error('no mistake');
}

describe('extends naming a settings file', () => {
  it('applies the file where it is named: before the presets and rules after it, after those before it', () => {
    const { dir, config } = resolvedIn({
      '.platlint.yaml': 'extends: [strict, ./shared/base.yaml]\nrules:\n  schema/type: warn\n',
      'shared/base.yaml': 'extends: security\nrules:\n  schema/type: off\n  meta/server-fields: off\n  security/plaintext-secret: warn\n',
    });
    const settings = config.settingsFor(join(dir, 'u.yaml'));
    expect(settings.get('schema/type')).toEqual({ severity: 'warning' });
    expect(settings.get('meta/server-fields')).toEqual({ severity: 'off' });
    expect(settings.get('security/plaintext-secret')).toEqual({ severity: 'warning' });
    // strict came first, so the shared file's entries win over it.
    expect(settings.get('user/icon')).toEqual({ severity: 'on' });
    const { presets, sources } = config.explain(join(dir, 'u.yaml'));
    expect(presets).toEqual(['strict', 'security']);
    expect(sources.get('schema/type')).toEqual({ type: 'config', file: join(dir, '.platlint.yaml'), line: 3 });
    expect(sources.get('meta/server-fields')).toEqual({ type: 'config', file: join(dir, 'shared/base.yaml'), line: 4 });
    expect(sources.get('security/wildcard-access')).toEqual({ type: 'preset', name: 'security', file: join(dir, 'shared/base.yaml'), line: 1 });
  });

  it('starts from recommended when the project names no preset of its own, and follows a chain of files', () => {
    const { dir, config } = resolvedIn({
      '.platlint.yaml': 'extends: ./team.yaml\n',
      'team.yaml': 'extends: [./org/org.yaml]\nrules:\n  user/icon: off\nkubernetesVersion: "1.31"\n',
      'org/org.yaml': 'extends: [export]\nrules:\n  user/icon: error\n  user/email: warn\nkubernetesVersion: "1.29"\nadmission:\n  userInfo:\n    username: ci\n',
    });
    const { presets, settings } = config.explain(join(dir, 'u.yaml'));
    expect(presets).toEqual(['recommended', 'export']);
    expect(settings.get('user/icon')).toEqual({ severity: 'off' });
    expect(settings.get('user/email')).toEqual({ severity: 'warning' });
    expect(config.files.map((f) => f.path)).toEqual([join(dir, '.platlint.yaml'), join(dir, 'team.yaml'), join(dir, 'org/org.yaml')]);
    // The project's own file says nothing of them: the nearest file that does wins.
    expect(config.kubernetesVersion).toBe('1.31');
    expect(config.admission).toEqual({ userInfo: { username: 'ci' } });
  });

  it('lets the project override what it extends, keeps ignore and overrides relative to the project, policies to their file', () => {
    const { dir, config } = resolvedIn({
      '.platlint.yaml': 'extends: [./shared/base.yaml]\nkubernetesVersion: "1.30"\nignore: ["vendor/**"]\npolicies: [./policies]\n',
      'shared/base.yaml': 'ignore: ["charts/**"]\npolicies: [./org-policies]\nkubernetesVersion: "1.28"\noverrides:\n  - files: ["prod/**"]\n    rules:\n      user/icon: error\n',
    });
    expect(config.kubernetesVersion).toBe('1.30');
    expect(config.isIgnored(join(dir, 'charts/x.yaml'))).toBe(true);
    expect(config.isIgnored(join(dir, 'vendor/x.yaml'))).toBe(true);
    expect(config.isIgnored(join(dir, 'shared/charts/x.yaml'))).toBe(false);
    expect(config.policyPaths()).toEqual([join(dir, 'policies'), join(dir, 'shared/org-policies')]);
    expect(config.settingsFor(join(dir, 'prod/u.yaml')).get('user/icon')).toEqual({ severity: 'error' });
    expect(config.settingsFor(join(dir, 'dev/u.yaml')).get('user/icon')).toBeUndefined();
    expect(config.explain(join(dir, 'prod/u.yaml')).sources.get('user/icon')).toEqual({ type: 'override', name: 'prod/**', file: join(dir, 'shared/base.yaml'), line: 7 });
  });

  it("narrows fixes with a shared file's fixable and unfixable as with the project's own", () => {
    const { dir, config } = resolvedIn({
      '.platlint.yaml': 'extends: [./shared/base.yaml]\nfixable: [schema/*, user/duplicates]\n',
      'shared/base.yaml': 'fixable: [schema/unknown-field, user/*]\nunfixable: [user/duplicates]\n',
    });
    const fixable = builtinRules.filter((rule) => rule.meta.fixable === true && config.settingsFor(join(dir, 'u.yaml')).get(rule.meta.id)?.unfixable !== true);
    expect(fixable.map((rule) => rule.meta.id)).toEqual(['schema/unknown-field']);
    const { unfixable } = config.explain(join(dir, 'u.yaml'));
    expect(unfixable.get('user/duplicates')).toEqual({ type: 'config', file: join(dir, 'shared/base.yaml'), line: 2 });
    expect(unfixable.get('schema/enum')).toEqual({ type: 'config', file: join(dir, 'shared/base.yaml'), line: 1, notIn: 'fixable' });
    expect(unfixable.get('user/access-verbs')).toEqual({ type: 'config', file: join(dir, '.platlint.yaml'), line: 2, notIn: 'fixable' });
  });

  it('finds a bare name that is no file beside the settings as a package file under node_modules, upward; a file there wins', () => {
    const dir = tempTree('platlint-extends-', {
      'node_modules/@acme/platlint-config/package.json': '{"name": "@acme/platlint-config", "version": "1.0.0"}\n',
      'node_modules/@acme/platlint-config/platlint.yaml': 'rules:\n  user/icon: off\n',
      'teams/web/.platlint.yaml': 'extends: ["@acme/platlint-config/platlint.yaml", shared.yaml]\n',
      'teams/web/shared.yaml': 'rules:\n  user/email: warn\n',
      // A package that the bare name would find too: the file beside the settings comes first.
      'node_modules/shared.yaml/package.json': '{"name": "shared.yaml", "version": "1.0.0", "main": "platlint.yaml"}\n',
      'node_modules/shared.yaml/platlint.yaml': 'rules:\n  user/email: off\n',
    });
    const config = new ResolvedConfig(readConfigFile(join(dir, 'teams/web/.platlint.yaml')), builtinRules, join(dir, 'teams/web'));
    expect(config.files.map((f) => f.path)).toEqual([join(dir, 'teams/web/.platlint.yaml'), join(dir, 'node_modules/@acme/platlint-config/platlint.yaml'), join(dir, 'teams/web/shared.yaml')]);
    expect(config.settingsFor(join(dir, 'teams/web/u.yaml')).get('user/icon')).toEqual({ severity: 'off' });
    expect(config.settingsFor(join(dir, 'teams/web/u.yaml')).get('user/email')).toEqual({ severity: 'warning' });
    const missing = mistakesIn({ '.platlint.yaml': 'extends: ["@acme/nowhere/platlint.yaml"]\n' });
    expect(missing.lines).toEqual([`${join(missing.dir, '.platlint.yaml')}:1:11: extends.0: cannot read @acme/nowhere/platlint.yaml: ENOENT: no such file or directory`]);
  });

  it('reads a file two others extend once, and says its mistakes once', () => {
    const { dir, lines } = mistakesIn({
      '.platlint.yaml': 'extends: [./a.yaml, ./b.yaml]\n',
      'a.yaml': 'extends: [./common.yaml]\n',
      'b.yaml': 'extends: [./common.yaml]\n',
      'common.yaml': 'rules:\n  user/nope: off\n',
    });
    expect(lines).toEqual([`${join(dir, 'common.yaml')}:2:3: rules.user/nope: matches no rule (see platlint rules)`]);
  });

  it('says each mistake at its place, the project file first, then the files it extends as it names them', () => {
    const { dir, lines, files } = mistakesIn({
      '.platlint.yaml': 'extends:\n  - ./missing.yaml\n  - ./base.yaml\n  - ./dir\nrules:\n  user/icon: loud\n',
      'base.yaml': 'rules:\n  user/email: never\nexceptions:\n  - rules: [user/icon]\n    reason: r\nembedded:\n  - files: [v.yaml]\n    at: config\n',
      'dir/x.yaml': '',
    });
    const project = join(dir, '.platlint.yaml');
    const base = join(dir, 'base.yaml');
    expect(lines).toEqual([
      `${project}:2:5: extends.0: cannot read ./missing.yaml: ENOENT: no such file or directory`,
      `${project}:4:5: extends.2: cannot read ./dir: it is a directory, not a regular file`,
      `${project}:6:14: rules.user/icon: must be one of off, info, warn, warning, error, on, 0, 1, 2`,
      `${base}:2:15: rules.user/email: must be one of off, info, warn, warning, error, on, 0, 1, 2`,
      `${base}:3:1: exceptions: only the project's own settings file holds exceptions, not a file it extends`,
      `${base}:6:1: embedded: only the project's own settings file holds embedded, not a file it extends`,
    ]);
    expect(files).toEqual([project, base]);
  });

  it('refuses files that extend one another in a circle, and chains deeper than eight files', () => {
    const circle = mistakesIn({ '.platlint.yaml': 'extends: [./a.yaml]\n', 'a.yaml': 'extends: [./b.yaml]\n', 'b.yaml': 'extends: [./a.yaml]\n' });
    expect(circle.lines).toEqual([`${join(circle.dir, 'b.yaml')}:1:11: extends.0: ./a.yaml is a file that extends this one: settings files cannot extend one another in a circle`]);
    const itself = mistakesIn({ '.platlint.yaml': 'extends: ./.platlint.yaml\n' });
    expect(itself.lines).toEqual([`${join(itself.dir, '.platlint.yaml')}:1:1: extends: ./.platlint.yaml is this file: settings files cannot extend one another in a circle`]);
    const chain: Record<string, string> = { '.platlint.yaml': 'extends: [./f1.yaml]\n' };
    for (let i = 1; i <= 9; i++) chain[`f${i}.yaml`] = i < 9 ? `extends: [./f${i + 1}.yaml]\n` : 'rules: {}\n';
    const deep = mistakesIn(chain);
    expect(deep.lines).toEqual([`${join(deep.dir, 'f7.yaml')}:1:11: extends.0: settings files extend one another more than 8 deep`]);
  });

  it('places a YAML error of an extended file in that file', () => {
    const { dir, lines } = mistakesIn({ '.platlint.yaml': 'extends: [./base.yaml]\n', 'base.yaml': 'rules: {user/icon: off\n' });
    expect(lines).toEqual([`${join(dir, 'base.yaml')}:1:8: YAML syntax error: the { here is never closed.`]);
  });

  it('tells a misspelt preset from a file by its shape', () => {
    const misspelt = loadConfigFile('/p/.platlint.yaml', 'extends: [recomended, ./ok.yaml, shared.yml, /abs/x]\n');
    expect(misspelt.problems).toEqual(['/p/.platlint.yaml:1:11: extends.0: must be one of recommended, strict, security, export, or the path of a settings file (./shared.platlint.yaml); did you mean "recommended"?']);
    // An override's extends names presets only.
    expect(loadConfigFile('/p/.platlint.yaml', 'overrides:\n  - files: [a]\n    extends: [./x.yaml]\n').problems).toEqual(['/p/.platlint.yaml:3:15: overrides.0.extends.0: must be one of recommended, strict, security, export']);
  });

  it('is a mistake where no other file can be read (the playground reads one settings file)', () => {
    expect(() => new ResolvedConfig(loadConfigFile('/p/.platlint.yaml', 'extends: [strict, ./base.yaml]\n'), builtinRules, '/p')).toThrow(
      new ConfigError(['/p/.platlint.yaml:1:19: extends.1: no other settings file can be read here'], ['/p/.platlint.yaml']),
    );
  });

  it('ends, on any web of files extending one another, with the settings or every mistake at a place in one of the files', () => {
    const names = ['.platlint.yaml', 'a.yaml', 'b.yaml', 'c.yaml', 'missing.yaml'];
    const entry = fc.oneof(fc.constantFrom('strict', 'security', 'recomended', 'shared'), fc.constantFrom(...names.map((name) => `./${name}`)));
    const ruleKey = fc.constantFrom('user/icon', 'security/*', 'user/nope', 'schema/type');
    const settings = fc.record(
      {
        extends: fc.oneof(entry, fc.array(entry, { maxLength: 4 })),
        rules: fc.dictionary(ruleKey, fc.constantFrom('off', 'warn', 'loud')),
        ignore: fc.array(fc.constantFrom('legacy/**', 'a/*.yaml')),
        fixable: fc.array(fc.constantFrom('schema/*', 'user/duplicates', 'meta/name', 'nope/*'), { maxLength: 2 }),
        unfixable: fc.array(fc.constantFrom('user/*', 'meta/name'), { maxLength: 1 }),
        exceptions: fc.constant([{ rules: ['user/icon'], reason: 'r' }]),
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(fc.tuple(settings, settings, settings, settings), (texts) => {
        const files = new Map(texts.map((data, i) => [`/virtual/${names[i] ?? ''}`, Buffer.from(JSON.stringify(data))]));
        const read = (path: string): Uint8Array | undefined => files.get(path) ?? (path.startsWith('/virtual/') ? undefined : Buffer.from(''));
        try {
          const config = new ResolvedConfig(readConfigFile('/virtual/.platlint.yaml', read), builtinRules, '/virtual');
          expect(config.settingsFor('/virtual/u.yaml')).toBeInstanceOf(Map);
          expect(config.files[0]?.path).toBe('/virtual/.platlint.yaml');
        } catch (error) {
          if (!(error instanceof ConfigError)) throw error;
          expect(error.files[0]).toBe('/virtual/.platlint.yaml');
          for (const line of error.lines) expect(error.files.some((file) => line.startsWith(`${file}:`)), line).toBe(true);
        }
      }),
      { numRuns: Number(process.env['FUZZ_RUNS'] ?? 300), ...(process.env['FUZZ_SEED'] ? { seed: Number(process.env['FUZZ_SEED']) } : {}) },
    );
  });
});
