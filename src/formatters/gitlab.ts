import { createHash } from 'node:crypto';
import type { Diagnostic, Severity } from '../engine/types.js';
import { relativeToCwd } from './github.js';
import { formatterOf, type FormatModule, type ReportWriterFactory } from './summary.js';

/** GitLab's Code Quality severities are info, minor, major, critical and blocker: platlint uses the lower three. */
const GITLAB_SEVERITY: Record<Severity, string> = { error: 'major', warning: 'minor', info: 'info' };

/**
 * What a problem is about, never where it is: the file, the object (its document in the file), the rule and the data
 * path. GitLab matches a merge request's findings to the target branch's by fingerprint, so one moved down by an
 * inserted line must keep its fingerprint, or it would show as fixed and new at once.
 */
function problemKey(file: string, d: Diagnostic): string {
  return [file, String(d.document), d.ruleId, d.path].join('\u0000');
}

function fingerprint(key: string, occurrence: number): string {
  return createHash('sha256').update(`${key}\u0000${occurrence}`).digest('hex').slice(0, 32);
}

/**
 * The GitLab Code Quality report (`artifacts: reports: codequality:`): a JSON array of issues, each with
 * `description`, `check_name`, `fingerprint`, `severity` and `location` (`path` relative to the working directory,
 * which is the checkout in GitLab CI, and `lines.begin`). GitLab shows only the first of issues sharing a fingerprint:
 * problems of one rule on one path of one object are told apart by their order, the nth of them getting n.
 */
export const createGitlabWriter: ReportWriterFactory = (context) => {
  let first = true;
  return {
    start: () => '[',
    file: (result) => {
      const path = relativeToCwd(result.file, context.cwd) ?? result.file.split('\\').join('/');
      const occurrences = new Map<string, number>();
      let out = '';
      for (const d of result.diagnostics) {
        const key = problemKey(path, d);
        const occurrence = (occurrences.get(key) ?? 0) + 1;
        occurrences.set(key, occurrence);
        const issue = {
          description: d.note ? `${d.message} ${d.note}` : d.message,
          check_name: d.ruleId,
          fingerprint: fingerprint(key, occurrence),
          severity: GITLAB_SEVERITY[d.severity],
          location: { path, lines: { begin: Math.max(1, d.line) } },
        };
        out += `${first ? '\n' : ',\n'}${JSON.stringify(issue)}`;
        first = false;
      }
      return out;
    },
    end: () => (first ? ']\n' : '\n]\n'),
  };
};

export const formatGitlab = formatterOf(createGitlabWriter);

export const format: FormatModule = { formatter: formatGitlab, createWriter: createGitlabWriter };
