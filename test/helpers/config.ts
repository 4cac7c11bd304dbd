import type { Diagnostic } from '../../src/engine/types.js';
import { lint } from './lint.js';

/** A Config document with the given `status` body (indented by the caller by two spaces). */
export function config(status: string, name = 'platform-config'): string {
  return `apiVersion: management.platform/v1\nkind: Config\nmetadata:\n  name: ${name}\nstatus:\n${status}`;
}

/** The diagnostics of one rule among those of every rule. */
export function of(ruleId: string, diagnostics: readonly Diagnostic[]): Diagnostic[] {
  return diagnostics.filter((d) => d.ruleId === ruleId);
}

/** One rule's diagnostics on a text linted with every rule on. */
export function only(ruleId: string, text: string): Diagnostic[] {
  return of(ruleId, lint(text, { preset: 'strict' }));
}

/** A Config with the given status lines, linted with every rule on. */
export function lintStatus(status: string): Diagnostic[] {
  return lint(config(status), { preset: 'strict' });
}
