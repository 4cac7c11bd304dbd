/**
 * `--format concise` in Vim's quickfix list (Neovim's `:make`) and Emacs' compilation mode (`M-x compile`), set up by
 * the snippets users copy from docs/editors.md, in a project with platlint as its devDependency. In `npm run test:e2e`:
 * Neovim and Emacs are not npm packages; `.ci/run` installs them where they are missing, and a machine without them
 * fails here, it does not skip.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { docBlock } from '../docs/doc-blocks.js';
import { repoRoot } from '../integrations/built-cli.js';
import { BROKEN_USER } from '../lsp/client.js';
import { pathWithoutPlatlint, projectWithPlatlint } from '../lsp/editor-project.js';

const HEADING = 'Vim and Emacs without a language server (`:make`, `M-x compile`)';

/** A clean User but for metadata.selfLink, which the project's configuration makes an info. */
const ANN = BROKEN_USER.replaceAll('jane', 'ann').replace('emial', 'email').replace('"3"', '3').replace('  name: ann\n', '  name: ann\n  selfLink: /apis/x\n');

/** The problems of the project: [file, line, column, severity letter, message] in the order platlint reports them. */
const PROBLEMS: readonly [string, number, number, string, string][] = [
  ['users/ann.yaml', 5, 3, 'i', 'metadata.selfLink is deprecated and no longer populated. [meta/self-link]'],
  ['users/jane.yaml', 7, 3, 'e', 'Unknown field "emial" in spec; did you mean "email"? [schema/unknown-field]'],
  ['users/jane.yaml', 8, 20, 'w', 'spec.tokenGeneration must be an integer, not string; remove the quotes to write a number. [schema/type]'],
  ['users/john.yaml', 8, 20, 'w', 'spec.tokenGeneration must be an integer, not string; remove the quotes to write a number. [schema/type]'],
];

function run(command: string, args: string[], root: string, config: string): unknown {
  const out = join(root, 'seen.json');
  const result = spawnSync(command, args, {
    cwd: root,
    encoding: 'utf8',
    timeout: 90_000,
    env: { ...process.env, PATH: pathWithoutPlatlint, PLATLINT_ROOT: root, PLATLINT_OUT: out, PLATLINT_CONFIG: config },
  });
  // Both editors say on stderr where they move (batch and headless modes print their messages there).
  expect(result.error).toBeUndefined();
  return JSON.parse(readFileSync(out, 'utf8'));
}

describe('the concise report in the editors, set up as docs/editors.md says', () => {
  let project: string;

  beforeAll(() => {
    project = projectWithPlatlint();
    writeFileSync(join(project, '.platlint.yaml'), 'rules:\n  schema/type: warn\n  meta/self-link: info\n');
    writeFileSync(join(project, 'users/ann.yaml'), ANN);
  }, 120_000);

  it('Neovim: :make fills the quickfix list with each problem, its place and its type; :cnext goes to the next', () => {
    const config = join(project, 'platlint.vim');
    writeFileSync(config, docBlock('docs/editors.md', HEADING, 'makeprg=npx'));
    const seen = run('nvim', ['--headless', '--clean', '-n', '-c', `source ${config}`, '-c', `luafile ${join(repoRoot, 'test/e2e/make/quickfix.lua')}`], project, config);
    expect(seen).toEqual({
      filetype: 'yaml',
      makeprg: 'npx --no-install platlint --format concise',
      entries: PROBLEMS.map(([file, line, column, type, text]) => [file, line, column, type, text, 1]),
      first: ['users/ann.yaml', 5, 3],
      next: ['users/jane.yaml', 7, 3],
    });
  }, 120_000);

  it('Emacs: platlint-compile lists the problems in *compilation*, next-error visits each with its type (infos when asked)', () => {
    const config = join(project, 'platlint.el');
    writeFileSync(config, docBlock('docs/editors.md', HEADING, 'platlint-compile'));
    const seen = run('emacs', ['-Q', '--batch', '-l', join(repoRoot, 'test/e2e/make/compile.el')], project, config);
    const types: Record<string, number> = { e: 2, w: 1, i: 0 };
    const visits = PROBLEMS.map(([file, line, column, type]) => [file, line, column, types[type]]);
    expect(seen).toEqual({
      // Emacs' default compilation-skip-threshold (1) has next-error pass over infos; 0 visits them too.
      visited: visits.filter((visit) => visit[3] !== 0),
      visitedWithInfos: visits,
      command: 'node_modules/.bin/platlint --format concise',
    });
  }, 120_000);
});
