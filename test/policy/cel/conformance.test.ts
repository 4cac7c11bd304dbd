/**
 * CEL's official conformance suite (google/cel-spec tests/simple/testdata, transcribed into
 * ./conformance/testdata) against platlint's CEL in Kubernetes' environment, with cel-go's conformance semantics
 * (./conformance/run-case.ts). Every case runs, twice (unoptimised as cel-go's runner plans, optimised as Kubernetes
 * plans), except those ./conformance/exclusions.ts names with a reason; the counts below are asserted, so a case
 * cannot silently disappear.
 */
import { describe, expect, it } from 'vitest';
import { readSuite } from './conformance/suite.js';
import { runCase } from './conformance/run-case.js';
import { DEVIATIONS, EXCLUDED, type Expected } from './conformance/exclusions.js';

const suite = readSuite();

const matches = (id: string, name: string): boolean => id === name || id.startsWith(`${name}/`);
const exclusionOf = (id: string) => EXCLUDED.find((e) => e.names.some((name) => matches(id, name)));
const deviationOf = (id: string): Expected | undefined => DEVIATIONS.map((d) => d.cases[id]).find((e) => e !== undefined);

const ids: string[] = [];
for (const [fileName, file] of suite) {
  const sections = (file.section ?? []).map((section) => {
    const cases = (section.test ?? []).map((test) => ({ id: `${fileName}/${section.name}/${test.name}`, test }));
    ids.push(...cases.map((c) => c.id));
    return { name: section.name, running: cases.filter((c) => !exclusionOf(c.id)) };
  });
  if (!sections.some((s) => s.running.length)) continue;
  describe(fileName, () => {
    for (const { name, running } of sections) {
      if (!running.length) continue;
      describe(name, () => {
        it.each(running.map((c) => [c.test.name, c] as const))('%s', (_, { id, test }) => {
          const deviation = deviationOf(id);
          expect(runCase(test, false, deviation).why).toBeUndefined();
          expect(runCase(test, true, deviation).why).toBeUndefined();
        });
      });
    }
  });
}

describe('the conformance run', () => {
  it('names in the exclusions and deviations all exist, and no case is both', () => {
    for (const name of EXCLUDED.flatMap((e) => e.names)) expect(ids.some((id) => matches(id, name)), name).toBe(true);
    for (const id of DEVIATIONS.flatMap((d) => Object.keys(d.cases))) {
      expect(ids, id).toContain(id);
      expect(exclusionOf(id), id).toBeUndefined();
    }
  });

  it('runs and excludes these many cases', () => {
    const excluded: Record<string, number> = {};
    for (const id of ids) {
      const label = exclusionOf(id)?.label;
      if (label) excluded[label] = (excluded[label] ?? 0) + 1;
    }
    const run = ids.filter((id) => !exclusionOf(id));
    expect({
      files: suite.size,
      filesRun: new Set(run.map((id) => id.split('/')[0])).size,
      sections: [...suite.values()].reduce((n, f) => n + (f.section?.length ?? 0), 0),
      cases: ids.length,
      run: run.length,
      deviating: run.filter((id) => deviationOf(id)).length,
      excluded,
    }).toEqual({
      files: 30,
      filesRun: 19,
      sections: 197,
      cases: 2456,
      run: 1501,
      deviating: 35,
      excluded: { 'protocol buffers': 701, 'ext.Math': 199, 'cel.@block': 37, 'ext.Bindings': 8, 'ext.Encoders': 4, 'strings version 3': 3, containers: 3 },
    });
  });
});
