/**
 * The playground's project (src/browser/playground.ts) prints what the command it stands for prints: the same JSON
 * report for the same texts, the settings' mistakes on stderr with nothing on stdout, a policy path it cannot read,
 * exceptions that suppress, expire or go unused, an ignored manifest. Run here from the sources with Node's paths;
 * test/browser/bundle.test.ts runs its browser bundle, and test/e2e/playground.test.ts the page.
 */
import { describe, expect, it } from 'vitest';
import { PlaygroundProject, type PlaygroundTexts } from '../../src/browser/playground.js';
import { useNodeHost } from '../../src/project/node-host.js';
import { PLAYGROUND_CASES, runPlaygroundCommand } from '../helpers/playground-cli.js';

const BROKEN_USER = PLAYGROUND_CASES[0]?.[1].manifest ?? '';

describe('the playground stands for the command', () => {
  useNodeHost();

  it.each(PLAYGROUND_CASES)('prints what the command prints: %s', async (_, texts) => {
    const run = await new PlaygroundProject().lint(texts);
    const command = runPlaygroundCommand(texts);
    expect(run.stdout).toBe(command.stdout);
    expect(run.stderr.join('\n')).toBe(command.stderr.trimEnd());
  });

  it("says the settings' mistakes as the command does, with nothing on stdout, and marks them in the file", async () => {
    const texts = { manifest: BROKEN_USER, config: 'extends: [strictt]\nrules:\n  foo/bar: warn\n', policy: '' };
    const run = await new PlaygroundProject().lint(texts);
    const command = runPlaygroundCommand(texts);
    expect(command.status).toBe(2);
    expect(run.stdout).toBe('');
    expect(command.stdout).toBe('');
    expect(run.stderr).toEqual([
      'platlint: /playground/.platlint.yaml:1:11: extends.0: must be one of recommended, strict, security, export, or the path of a settings file (./shared.platlint.yaml); did you mean "strict"?',
      'platlint: /playground/.platlint.yaml:3:3: rules.foo/bar: matches no rule (see platlint rules)',
    ]);
    expect(command.stderr.replaceAll(command.dir, '/playground')).toBe(`${run.stderr.join('\n')}\n`);
    expect(run.config.map((d) => [d.line, d.column, d.endColumn, d.ruleId, d.message])).toEqual([
      [1, 11, 19, 'config-file/invalid', 'extends.0: must be one of recommended, strict, security, export, or the path of a settings file (./shared.platlint.yaml); did you mean "strict"?'],
      [3, 3, 10, 'config-file/invalid', 'rules.foo/bar: matches no rule (see platlint rules)'],
    ]);
    expect(run.manifest).toBeUndefined();
  });

  it("marks a policy's problems in its file, and an exception's in the settings", async () => {
    const project = new PlaygroundProject();
    const broken = await project.lint(PLAYGROUND_CASES[5]?.[1] as PlaygroundTexts);
    expect(broken.policy.map((d) => [d.line, d.ruleId])).toEqual([
      [6, 'policy/invalid'],
      [6, 'policy/invalid'],
    ]);
    const exceptions = await project.lint(PLAYGROUND_CASES[3]?.[1] as PlaygroundTexts);
    expect(exceptions.config.map((d) => [d.line, d.ruleId])).toEqual([
      [4, 'exception/expired'],
      [7, 'exception/unused'],
    ]);
    expect(exceptions.manifest?.suppressed?.map((d) => d.ruleId)).toEqual(['schema/unknown-field']);
  });
});
