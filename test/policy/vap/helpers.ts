/** ValidatingAdmissionPolicies, bindings and objects as YAML text, and the CLI run on them with a JSON report. */
import { runCli, type CliRun } from '../../helpers/cli.js';
import { tempTree } from '../../helpers/files.js';
import { report, type JsonReport } from '../../helpers/json-report.js';

/** matchConstraints on the platform's Users, as a policy's spec writes them. */
export const USERS_RULES = `  matchConstraints:
    resourceRules:
      - apiGroups: [management.platform]
        apiVersions: [v1]
        operations: [CREATE, UPDATE]
        resources: [users]
`;

export function policy(name: string, spec: string): string {
  return `apiVersion: admissionregistration.k8s.io/v1\nkind: ValidatingAdmissionPolicy\nmetadata:\n  name: ${name}\nspec:\n${spec}`;
}

/** A binding of `policyName` with the actions given (and more spec lines). */
export function binding(name: string, policyName: string, actions: string, more = ''): string {
  return `apiVersion: admissionregistration.k8s.io/v1\nkind: ValidatingAdmissionPolicyBinding\nmetadata:\n  name: ${name}\nspec:\n  policyName: ${policyName}\n  validationActions: ${actions}\n${more}`;
}

/** A User with the spec lines given (indented by two), and optional metadata lines. */
export function user(name: string, spec: string, metadata = ''): string {
  return `apiVersion: management.platform/v1\nkind: User\nmetadata:\n  name: ${name}\n${metadata}spec:\n${spec}`;
}

export const docs = (...documents: string[]): string => documents.map((d) => (d.endsWith('\n') ? d : `${d}\n`)).join('---\n');

/** `[ruleId, severity, file, line, column, message]` of every diagnostic of a JSON report whose id starts with a prefix. */
export type Row = [string, string, string, number, number, string];

export function rows(json: JsonReport, prefixes: readonly string[] = ['vap/', 'policy/']): Row[] {
  return json.results.flatMap((r) => r.diagnostics.filter((d) => prefixes.some((p) => d.ruleId.startsWith(p))).map((d): Row => [d.ruleId, d.severity, r.file, d.line, d.column, d.message]));
}

export interface VapRun extends CliRun {
  dir: string;
  rows: Row[];
  report: JsonReport | undefined;
}

/** The CLI in a new directory holding `files`, with a JSON report on stdout. */
export function vapRun(files: Readonly<Record<string, string>>, args: readonly string[], options: { input?: string } = {}): VapRun {
  const dir = tempTree('platlint-vap-', files);
  const run = runCli([...args, '--format', 'json'], { cwd: dir, ...(options.input !== undefined ? { input: options.input } : {}) });
  const json = run.stdout.startsWith('{') ? report(run.stdout) : undefined;
  return { ...run, dir, report: json, rows: json ? rows(json) : [] };
}
