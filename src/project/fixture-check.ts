/**
 * Checking one policy test fixture: lint it with the built-in rules and its pack's policies, and compare what they
 * report with its `# expect: ID` markers (the syntax of the built-in fixtures). `platlint policy test` prints the
 * mismatches; the language server shows them at their lines.
 */
import { existsSync } from 'node:fs';
import { builtinRules } from '../../rules/index.js';
import policyFixtureMismatchRule from '../../rules/policy/fixture-mismatch/index.js';
import { ChangeContext } from '../change/context.js';
import { readManifestText } from './read-file.js';
import { lintText } from '../engine/lint.js';
import { foreignJudge } from '../engine/rule-plan.js';
import { DEFAULT_PRESET, presetSettings } from '../engine/presets.js';
import type { Diagnostic, FailedChecks, RuleFinding } from '../engine/types.js';
import type { LoadedPolicies } from '../policy/load.js';
import { useNodeHost } from './node-host.js';

/** The previous version `X.old.yaml` beside fixture `X.yaml`: its text, or why it cannot be read; undefined for none. */
export function previousVersionOf(fixture: string): { path: string } & ({ text: string } | { reason: string }) | undefined {
  const path = fixture.replace(/\.(ya?ml)$/i, '.old.$1');
  return existsSync(path) ? { path, ...readManifestText(path) } : undefined;
}

/** One way a fixture does not do what its `# expect:` markers say, at its line. */
export interface FixtureMismatch {
  line: number;
  /** The rule expected there, or the one that reported unexpectedly. */
  ruleId: string;
  /** As `policy test` prints it after `line N: `. */
  text: string;
  /** What the language server shows at the line (`policy/fixture-mismatch`). */
  finding: RuleFinding;
  /** The diagnostic nobody expected; absent for an expectation not met (the whole line is the place). */
  diagnostic?: Diagnostic;
}

/** What checking a fixture found: its mismatches, and what the policies could not check of it (reported apart). */
export interface FixtureCheck {
  mismatches: FixtureMismatch[];
  failedChecks?: FailedChecks[];
}

/** `# expect: a/b, c/d` at the end of a line → `"<line> a/b"`, `"<line> c/d"`. */
export function expectedMarkers(text: string): Set<string> {
  const out = new Set<string>();
  text.split('\n').forEach((line, i) => {
    const match = /#\s*expect:([^#]+)$/.exec(line.replace(/\r$/, ''));
    if (!match?.[1]) return;
    for (const id of match[1].split(',')) if (id.trim()) out.add(`${i + 1} ${id.trim()}`);
  });
  return out;
}

/**
 * Lints a fixture's text with the built-in rules and its pack's policies (recommended preset) and compares what
 * they report with its markers: expectations not met, then diagnostics not expected, each in line order. Only
 * the pack's rules and the rules a marker names are compared. `name` is how reports show the fixture, `previous`
 * the text of its `X.old.yaml` (previousVersionOf).
 */
export function checkFixture(name: string, text: string, policies: LoadedPolicies, previous: string | undefined): FixtureCheck {
  useNodeHost();
  const rules = [...builtinRules, ...policies.rules];
  const settings = presetSettings(DEFAULT_PRESET, rules);
  const policyIds = new Set(policies.rules.map((r) => r.meta.id));
  const change = previous === undefined ? undefined : new ChangeContext({ text: () => previous, files: () => ['old'], oldPathOf: () => 'old' });
  if (change) change.foreign = foreignJudge(rules);
  // The fixture is the linted file: its Namespaces and parameter objects are those admission policies read.
  const admission = policies.admission;
  admission?.cluster.useLinted(admission.readsClusterObjects ? admission.clusterObjectsIn(text) : []);
  const result = lintText(text, { filename: name, rules, settings, ...(change ? { previousOf: change.previousFor(name, text) } : {}) });
  const expected = expectedMarkers(text);
  const checked = new Set([...policyIds, ...[...expected].map((m) => m.slice(m.indexOf(' ') + 1))]);
  const reported = new Map<string, Diagnostic>();
  for (const d of result.diagnostics) if (checked.has(d.ruleId)) reported.set(`${d.line} ${d.ruleId}`, d);
  const mismatches: FixtureMismatch[] = [];
  const byLine = (a: string, b: string): number => parseInt(a, 10) - parseInt(b, 10) || a.localeCompare(b);
  for (const marker of [...expected].sort(byLine)) {
    if (reported.has(marker)) continue;
    const [line, id] = [marker.slice(0, marker.indexOf(' ')), marker.slice(marker.indexOf(' ') + 1)];
    const known = policyIds.has(id) || builtinRules.some((r) => r.meta.id === id);
    const unknown = known ? '' : ' (no rule has this id)';
    const finding = policyFixtureMismatchRule.finding('unmet', { rule: id, unknown });
    mismatches.push({ line: parseInt(line, 10), ruleId: id, text: `expected ${id}, but it reported nothing there${unknown}`, finding });
  }
  for (const [marker, d] of [...reported].sort(([a], [b]) => byLine(a, b))) {
    if (expected.has(marker)) continue;
    const finding = policyFixtureMismatchRule.finding('unexpected', { rule: d.ruleId, message: d.message });
    mismatches.push({ line: d.line, ruleId: d.ruleId, text: `unexpected ${d.ruleId}: ${d.message}`, diagnostic: d, finding });
  }
  return { mismatches, ...(result.failedChecks ? { failedChecks: result.failedChecks } : {}) };
}
