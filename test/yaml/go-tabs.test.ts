import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { tabCases } from '../oracle/tab-cases.js';
import { lint } from '../helpers/lint.js';

/**
 * TABs against the platform's parser as recorded (fixtures/go-oracle/recorded.jsonl, cases in
 * test/oracle/tab-cases.ts): where go-yaml v2 refuses the file, platlint reports `yaml/syntax` at a TAB of the line
 * Go names, with Go's own words in the note; where Go reads the file, platlint says nothing about TABs.
 */

interface TabAnswer { yamlToJSON?: { error?: string }; raw?: { ok: boolean; error?: string } }

const answers = new Map(
  readFileSync(new URL('../../fixtures/go-oracle/recorded.jsonl', import.meta.url), 'utf8')
    .trim()
    .split('\n')
    .filter((line) => line.startsWith('{"id":"tab/'))
    .map((line) => JSON.parse(line) as { id: string; go: TabAnswer[] })
    .map((r) => [r.id, r.go[0]] as const),
);

/** Go's refusal as [1-based line in the linted file, Go's message], or undefined when Go reads the file. */
function goRefusal(answer: TabAnswer | undefined, rawOffset: number): [number, string] | undefined {
  const error = answer?.yamlToJSON?.error ?? (answer?.raw && !answer.raw.ok ? answer.raw.error : undefined);
  if (error === undefined) return undefined;
  const match = /yaml: (?:line (\d+): )?(.*)$/.exec(error);
  return [Number(match?.[1] ?? 1) + rawOffset, match?.[2] ?? error];
}

const cases = tabCases();

describe('TABs the platform refuses', () => {
  it('are recorded for every case, refused and read alike', () => {
    const verdicts = cases.map((c) => goRefusal(answers.get(c.id), 0) !== undefined);
    expect(verdicts.length).toBeGreaterThanOrEqual(150);
    expect(new Set(verdicts)).toEqual(new Set([true, false]));
  });

  it.each(cases.map((c) => [c.id, c] as const))('%s', (_, c) => {
    const refusal = goRefusal(answers.get(c.id), c.target === 'raw' ? 6 : 0);
    const diagnostics = lint(c.yaml);
    const tabs = diagnostics.filter((d) => d.ruleId === 'yaml/syntax' && d.message.startsWith('YAML syntax error: a TAB '));
    if (!refusal) {
      expect(tabs).toEqual([]);
      return;
    }
    const [line, goError] = refusal;
    if (!/tab character|cannot start any token/.test(goError)) {
      // Refused for another reason (a TAB Go reads as white space, then text it cannot read): not a TAB's fault, one
      // other syntax error on the line Go names.
      expect(tabs).toEqual([]);
      expect(diagnostics.filter((d) => d.ruleId === 'yaml/syntax').map((d) => d.line)).toEqual([line]);
      return;
    }
    expect(tabs.map((d) => [d.line, c.yaml.split('\n')[d.line - 1]?.[d.column - 1], d.severity])).toEqual([[line, '\t', 'error']]);
    expect(tabs[0]?.note).toContain(`("${goError}")`);
  });
});
