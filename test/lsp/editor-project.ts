import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';
import { ensureBuiltCli } from '../integrations/built-cli.js';
import { installAsDevDependency, packTarball } from '../integrations/package-tarball.js';
import { BROKEN_USER, workspace } from './client.js';

/** The line every editor snippet of docs/editors.md shows when it finds no platlint. */
export const NOT_INSTALLED = 'platlint: not installed in this project (node_modules/.bin/platlint) nor on PATH';

/** A project's manifests: a User with two problems (`emial`, a quoted number) and a clean one. */
export const MANIFESTS: Readonly<Record<string, string>> = {
  '.platlint.yaml': 'rules:\n  schema/type: warn\n',
  'users/jane.yaml': BROKEN_USER,
  'users/john.yaml': BROKEN_USER.replaceAll('jane', 'john').replace('emial', 'email'),
};

export function executable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** This process's PATH without the folders that hold a `platlint` (a global install): node and the editors stay. */
export const pathWithoutPlatlint = (process.env['PATH'] ?? '').split(delimiter).filter((dir) => dir !== '' && !executable(join(dir, 'platlint'))).join(delimiter);

/** A project with the manifests and platlint as its only devDependency (the packed checkout), as users install it. */
export function projectWithPlatlint(): string {
  ensureBuiltCli();
  const project = workspace(MANIFESTS);
  const { tarball } = packTarball(workspace({}));
  const install = installAsDevDependency(project, tarball);
  if (install.status !== 0) throw new Error(`installing the packed checkout failed: ${install.stderr}`);
  return project;
}
