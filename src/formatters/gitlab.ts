import { resolve } from 'node:path';
import { innermostObject, objectSlot } from '../engine/object-slots.js';
import type { Diagnostic, FileResult, Severity } from '../engine/types.js';
import { relativeToCwd } from './github.js';
import { formatterOf, type FormatModule, type ReportWriterFactory } from './summary.js';
import { sha256 } from '../project/node-host.js';

/** GitLab's Code Quality severities are info, minor, major, critical and blocker: platlint uses the lower three. */
const GITLAB_SEVERITY: Record<Severity, string> = { error: 'major', warning: 'minor', info: 'info' };

/**
 * The object a diagnostic is about and its path in that object: the object's identity (kind, namespace, name), or
 * where it is in the file when it has no name or the problem is in no object (a syntax error). The innermost object
 * holding the path wins (a List's item), and the path is taken from there, so that reordering a List keeps it.
 */
function objectAndPath(objects: ReadonlyMap<string, string>, d: Diagnostic): [string, string] {
  const found = innermostObject(objects, d.document, d.path);
  return found ? [found.object, found.pointer] : [`#${d.document}`, d.path];
}

/** Each linted object's key, by its document and path in the file. */
function objectKeys(result: FileResult): Map<string, string> {
  return new Map((result.objects ?? []).map((o) => [objectSlot(o.document, o.path), o.identity ?? `#${o.document}${o.path}`]));
}

/**
 * What a problem is about, never where it is: the file, the object, the rule and the data path. GitLab matches a merge
 * request's findings to the target branch's by fingerprint, so one moved down by an inserted line must keep its
 * fingerprint, or it would show as fixed and new at once.
 */
function problemKey(file: string, objects: ReadonlyMap<string, string>, d: Diagnostic): string {
  const [object, path] = objectAndPath(objects, d);
  return [file, object, d.ruleId, path].join('\u0000');
}

function fingerprint(key: string, occurrence: number): string {
  return sha256().update(`${key}\u0000${occurrence}`).digest('hex').slice(0, 32);
}

/** One issue of a GitLab Code Quality report, as GitLab reads it. */
export interface CodeQualityIssue {
  description: string;
  check_name: string;
  fingerprint: string;
  severity: string;
  location: { path: string; lines: { begin: number } };
}

/**
 * The GitLab Code Quality report (`artifacts: reports: codequality:`): a JSON array of issues, each with
 * `description`, `check_name`, `fingerprint`, `severity` and `location` (`path` relative to the repository's top,
 * the checkout in GitLab CI, and `lines.begin`). GitLab shows only the first of issues sharing a fingerprint:
 * problems of one rule on one path of one object are told apart by their order, the nth of them getting n.
 */
export const createGitlabWriter: ReportWriterFactory = (context) => {
  let first = true;
  return {
    start: () => '[',
    file: (result) => {
      // GitLab reads paths from the repository's top, wherever in it platlint ran (a subfolder would give `../`).
      const path = relativeToCwd(resolve(context.cwd, result.file), context.repositoryRoot ?? context.cwd) ?? result.file.split('\\').join('/');
      const occurrences = new Map<string, number>();
      const objects = objectKeys(result);
      let out = '';
      for (const d of result.diagnostics) {
        const key = problemKey(path, objects, d);
        const occurrence = (occurrences.get(key) ?? 0) + 1;
        occurrences.set(key, occurrence);
        const issue: CodeQualityIssue = {
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
