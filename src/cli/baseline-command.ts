/**
 * `platlint baseline [paths...]`: lints like `platlint` and writes the problems it finds as the baseline, or with
 * `--prune` only removes the entries that matched nothing. Entries of files this run did not lint are kept, unless
 * the file is gone.
 */
import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { messageHash, serializeBaseline, uniqueEntries, type BaselineEntry } from '../suppressions/baseline.js';
import { entryKey } from '../suppressions/suppressions.js';
import { readBaseline } from '../suppressions/load.js';
import { relativeTo } from '../settings-file/paths.js';
import type { CliIo } from './io.js';
import { runLint, type BaselineRun, type LintFlags } from './lint-command.js';
import { FileWriteError, writeFileAtomic } from '../project/write-file.js';

export interface BaselineFlags extends LintFlags {
  prune?: boolean;
}

function entries(n: number): string {
  return `${n} ${n === 1 ? 'entry' : 'entries'}`;
}

type Problem = BaselineEntry & { message: string };

/** Entries for problems sharing a file, object, rule and path carry their message's hash, to tell them apart. */
function withHashes(problems: readonly Problem[]): BaselineEntry[] {
  const counts = new Map<string, number>();
  const keyOf = (e: BaselineEntry): string => entryKey(e.file, e.object, e.rule, e.path);
  for (const problem of problems) counts.set(keyOf(problem), (counts.get(keyOf(problem)) ?? 0) + 1);
  return problems.map(({ message, ...entry }) => ((counts.get(keyOf(entry)) ?? 0) > 1 ? { ...entry, hash: messageHash(message) } : entry));
}

export async function runBaseline(paths: readonly string[], flags: BaselineFlags, io: CliIo, env: Readonly<Record<string, string | undefined>>): Promise<number> {
  const problems: Problem[] = [];
  const prune = flags.prune === true;
  const run: BaselineRun = {
    prune,
    suppressorFor: (file, suppressor, baselinePath) => {
      if (prune) return suppressor;
      const name = relativeTo(dirname(baselinePath), resolve(io.cwd, file));
      return {
        suppression: (diagnostic, subject) => {
          const found = suppressor?.suppression(diagnostic, subject);
          if (!found) problems.push({ file: name, object: subject.object, rule: diagnostic.ruleId, path: subject.pointer, message: diagnostic.message });
          return found;
        },
      };
    },
    finish: (baselinePath, suppressions, ledger) => {
      const dir = dirname(baselinePath);
      const stillThere = (entry: BaselineEntry): boolean => existsSync(resolve(dir, entry.file));
      let written: BaselineEntry[];
      let said: string;
      if (prune) {
        const old = suppressions.options.baseline?.entries;
        if (!old) {
          io.error(`platlint: no baseline at ${baselinePath} to prune: write one with platlint baseline`);
          return 2;
        }
        const unused = new Set(ledger.unusedEntries());
        written = old.filter((entry, index) => !unused.has(index) && stillThere(entry));
        said = `removed ${entries(old.length - written.length)}, ${entries(written.length)} left`;
      } else {
        // Entries of files this run did not lint stay as they were: `platlint baseline some/dir` rewrites only that.
        const old = readBaseline(baselinePath, false)?.entries ?? [];
        const kept = old.filter((entry) => !ledger.hasLinted(resolve(dir, entry.file)) && stillThere(entry));
        written = uniqueEntries([...kept, ...withHashes(problems)]);
        said = entries(written.length);
      }
      const shown = relativeTo(io.cwd, baselinePath) || baselinePath;
      try {
        // The baseline is the repository's, read through a link: written through it too, as --fix writes a manifest.
        writeFileAtomic(baselinePath, serializeBaseline(written), { shown, throughLinks: true });
      } catch (error) {
        if (!(error instanceof FileWriteError)) throw error;
        io.error(`platlint: ${error.message}`);
        return 2;
      }
      io.error(`platlint: wrote ${shown}: ${said}`);
      return 0;
    },
  };
  return runLint(paths, flags, io, env, undefined, run);
}
