import type { ChangeContext } from '../change/context.js';
import { UsageError } from './settings.js';

/** `--base REF`: the repository at REF as the previous versions; a git problem is a usage error (exit 2). */
export async function loadBase(ref: string, cwd: string): Promise<ChangeContext> {
  const [{ ChangeContext }, { gitPreviousFiles, GitBaseError }] = await Promise.all([import('../change/context.js'), import('../project/git.js')]);
  try {
    return new ChangeContext(gitPreviousFiles(ref, cwd));
  } catch (error) {
    if (error instanceof GitBaseError) throw new UsageError(error.message);
    throw error;
  }
}
