import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { builtinRules } from '../../rules/index.js';
import { docsUrlFor } from '../../src/engine/docs.js';
import { readRuleDoc } from '../../src/project/rule-docs.js';
import type { Diagnostic, FileResult } from '../../src/engine/types.js';
import type { SarifFormatContext, SarifRuleInfo } from '../../src/formatters/sarif.js';
import { ruleInfoOf } from '../../src/formatters/summary.js';
import { lintResult } from '../helpers/lint.js';

export const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** A fixed working directory: outputs must not depend on where the tests run. */
export const CWD = '/work/project';

/** Rule info as the CLI builds it from the built-in rules. */
export function builtinRuleInfo(ruleId: string): SarifRuleInfo | undefined {
  const rule = builtinRules.find((r) => r.meta.id === ruleId);
  if (!rule) return undefined;
  return ruleInfoOf(rule.meta, docsUrlFor(ruleId), readRuleDoc(ruleId));
}

/** Fixed rule info for the hand-built results, so their golden output does not move when a rule's wording does. */
const FIXED_RULE_INFO: Record<string, SarifRuleInfo> = {
  'schema/unknown-field': {
    description: 'Disallow fields the platform does not know',
    docsUrl: docsUrlFor('schema/unknown-field'),
    severity: 'error',
    category: 'schema',
    sources: ['spec'],
    doc: '# schema/unknown-field\n\nDisallow fields the platform does not know.\n\n## Why\n\nThe platform drops unknown\nfields silently.\n\nMore.\n',
  },
  'meta/self-link': { description: 'Disallow the deprecated metadata.selfLink', docsUrl: docsUrlFor('meta/self-link'), severity: 'warning' },
  'user/email': { description: 'Require a valid spec.email', docsUrl: docsUrlFor('user/email'), severity: 'error' },
  'storage/storage-class': { description: 'Warn about storage classes the cluster may not have', docsUrl: docsUrlFor('storage/storage-class'), severity: 'info' },
  'security/strict-only': { description: 'A rule that is off unless turned on', severity: 'off', category: 'security', sources: ['security'] },
};

export const fixedContext: SarifFormatContext = {
  color: false,
  cwd: CWD,
  toolVersion: '0.1.0',
  ruleInfo: (id) => FIXED_RULE_INFO[id],
};

function diag(partial: Partial<Diagnostic> & Pick<Diagnostic, 'ruleId' | 'severity' | 'message'>): Diagnostic {
  return { line: 1, column: 1, endLine: 1, endColumn: 2, path: '', document: 0, ...partial };
}

/**
 * Hand-built results covering what the formats must get right: every severity, a multi-line range, a rule with no
 * info (a policy rule), messages with `%`, line breaks, `:`/`,`, XML metacharacters and control characters, paths with
 * spaces, in a subdirectory and outside the working directory, a clean file with a skipped document, an unreadable
 * file, and two skipped files (templated YAML; two objects of another API).
 */
export function fixedResults(): FileResult[] {
  return [
    {
      file: 'users/jane.yaml',
      documents: 2,
      skipped: 0,
      diagnostics: [
        diag({ ruleId: 'schema/unknown-field', severity: 'error', message: 'Unknown field "emial" in spec; did you mean "email"?', note: 'The platform drops unknown fields silently.', line: 10, column: 3, endLine: 10, endColumn: 8, path: '/spec/emial', docsUrl: docsUrlFor('schema/unknown-field') }),
        diag({ ruleId: 'meta/self-link', severity: 'warning', message: 'metadata.selfLink is deprecated: remove it, then re-apply.', line: 6, column: 3, endLine: 6, endColumn: 11, path: '/metadata/selfLink', docsUrl: docsUrlFor('meta/self-link') }),
        diag({ ruleId: 'user/email', severity: 'error', message: 'spec.email is "a<b>&c\'d\'@x": 100% not an address\nsecond line\r\nthird, with a comma', line: 12, column: 10, endLine: 14, endColumn: 4, path: '/spec/email', document: 1 }),
        diag({ ruleId: 'storage/storage-class', severity: 'info', message: 'Control \u0001\u0008 and \uFFFE characters, a tab\there, and ü, 漢字, 🙂 stay.', line: 3, column: 1, endLine: 3, endColumn: 1, path: '/spec' , document: 1 }),
      ],
    },
    { file: 'users/clean.yaml', documents: 1, skipped: 1, skips: [{ document: 1, line: 9, path: '', reason: 'apiVersion v1, kind ConfigMap: not a management.platform object' }], diagnostics: [] },
    {
      file: 'configs/my config.yaml',
      documents: 1,
      skipped: 0,
      diagnostics: [
        diag({ ruleId: 'acme/no-cluster-admin', severity: 'error', message: 'cluster-admin must be requested through the access process', line: 20, column: 15, endLine: 20, endColumn: 28, path: '/spec/clusterRoles/0/name' }),
        diag({ ruleId: 'security/strict-only', severity: 'warning', message: 'Same message twice', line: 4, column: 3, endLine: 4, endColumn: 9, path: '/spec/a' }),
        diag({ ruleId: 'security/strict-only', severity: 'warning', message: 'Same message twice', line: 4, column: 3, endLine: 4, endColumn: 9, path: '/spec/a' }),
      ],
    },
    {
      file: '/elsewhere/shared user.yaml',
      documents: 1,
      skipped: 0,
      diagnostics: [diag({ ruleId: 'schema/unknown-field', severity: 'error', message: 'Unknown field "x" in spec.', line: 2, column: 1, endLine: 2, endColumn: 2, path: '/spec/x' })],
    },
    { file: 'users/unreadable.yaml', documents: 0, skipped: 0, diagnostics: [], ioError: 'cannot read users/unreadable.yaml: EACCES' },
    {
      file: 'chart/templates/user.yaml',
      documents: 0,
      skipped: 0,
      skippedFile: true,
      skips: [{ line: 4, path: '', reason: 'templated YAML ("{{" at 4:9), not YAML until rendered: lint the rendered output (helm template CHART | platlint -)' }],
      diagnostics: [],
    },
    {
      file: 'k8s/app.yaml',
      documents: 0,
      skipped: 2,
      skippedFile: true,
      skips: [
        { document: 0, line: 1, path: '', reason: 'apiVersion v1, kind ConfigMap: not a management.platform object' },
        { document: 1, line: 7, path: '', reason: 'apiVersion apps/v1, kind Deployment: not a management.platform object' },
      ],
      diagnostics: [],
    },
  ];
}

/** A file with one problem reported and two suppressed: one by the baseline, one by an exception with its reason. */
export function suppressedResults(): FileResult[] {
  const reported = diag({ ruleId: 'user/email', severity: 'error', message: 'spec.email "x" is not a valid e-mail address.', line: 7, column: 10, endLine: 7, endColumn: 11, path: '/spec/email' });
  const typed = diag({ ruleId: 'schema/unknown-field', severity: 'error', message: 'Unknown field "emial" in spec.', line: 6, column: 3, endLine: 6, endColumn: 8, path: '/spec/emial' });
  const selfLink = diag({ ruleId: 'meta/self-link', severity: 'warning', message: 'metadata.selfLink is deprecated: remove it, then re-apply.', line: 4, column: 3, endLine: 4, endColumn: 11, path: '/metadata/selfLink' });
  return [
    {
      file: 'users/jane.yaml',
      documents: 1,
      skipped: 0,
      diagnostics: [reported],
      suppressed: [
        { ...selfLink, by: 'exception', entry: 0, reason: 'Removed by the migration (PLAT-9)' },
        { ...typed, by: 'baseline', entry: 3 },
      ],
    },
  ];
}

/** A templated file skipped whole (its first `{{` on `templatedLine`) and a file with one object of another API. */
export function skippedFileResults(templatedLine = 4): FileResult[] {
  return [
    { file: 'chart/templates/u.yaml', documents: 0, skipped: 0, skippedFile: true, diagnostics: [], skips: [{ line: templatedLine, path: '', reason: 'templated YAML, not YAML until rendered' }] },
    { file: 'users.yaml', documents: 1, skipped: 1, diagnostics: [], skips: [{ document: 1, line: 9, path: '/items/0', reason: 'apiVersion v1, kind ConfigMap: not a management.platform object' }] },
  ];
}

/** A result of hand-made diagnostics: each a default one (a/b, error, "m" at 1:1-1:2) with the fields given. */
export function resultOf(file: string, ...diagnostics: Partial<Diagnostic>[]): FileResult {
  return {
    file,
    documents: 1,
    skipped: 0,
    diagnostics: diagnostics.map((d) => ({ ruleId: 'a/b', severity: 'error', message: 'm', line: 1, column: 1, endLine: 1, endColumn: 2, path: '', document: 0, ...d })),
  };
}

export const BROKEN_USER = 'fixtures/examples/broken-user.yaml';

/** Rules the real-lint golden keeps on; every other rule is off so new rules do not move the golden files. */
export const GOLDEN_RULES = ['schema/unknown-field', 'schema/type', 'meta/self-link'];

/** A real lint of the broken User fixture through the engine, with only GOLDEN_RULES on. */
export function realResult(): FileResult {
  const rules = Object.fromEntries(builtinRules.map((r) => [r.meta.id, GOLDEN_RULES.includes(r.meta.id) ? ('on' as const) : ('off' as const)]));
  return lintResult(readFileSync(join(repoRoot, BROKEN_USER), 'utf8'), { filename: BROKEN_USER, rules });
}

export const realContext: SarifFormatContext = { color: false, cwd: CWD, toolVersion: '0.1.0', ruleInfo: builtinRuleInfo };
