/**
 * A kaptest suite (github.com/pfnet/kaptest) generated from the policy fixtures: for each exported policy, a case per
 * User of the fixtures (CREATE), and per User of an update pair (`X.yaml` after `X.old.yaml`: UPDATE). The expected
 * result comes from the fixtures' `# expect:` markers and platlint's own matcher: DENY where the original rule's
 * marker is on the object, SKIP where the rule does not apply to it (its `match`, or a rule of updates on a CREATE),
 * ADMIT otherwise.
 *
 * kaptest finds an object by kind and name, and the two versions of an update share their name: each fixture's objects
 * get a namespace of their own (`<pack>-<file>`, `-old` for the previous version), which Users, cluster-scoped,
 * otherwise lack and the policies do not read.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { LineCounter, parseAllDocuments, stringify } from 'yaml';
import type { RuleDocument } from '../../src/engine/types.js';
import { documentMatches } from '../../src/policy/match.js';
import type { PolicyRuleSpec } from '../../src/policy/types.js';
import { expectedMarkers } from './lint.js';

interface FixtureObject {
  data: Record<string, unknown>;
  /** The rule ids whose markers are on the object's lines. */
  reported: Set<string>;
}

export interface KaptestFiles {
  'kaptest.yaml': string;
  'policies.yaml': string;
  'resources.yaml': string;
}

/** The Users of a fixture file, each with the marked rules on its lines. */
function usersOf(text: string): FixtureObject[] {
  const markers = [...expectedMarkers(text)].map((m) => ({ line: Number(m.slice(0, m.indexOf(' '))), rule: m.slice(m.indexOf(' ') + 1) }));
  const lineCounter = new LineCounter();
  const documents = parseAllDocuments(text, { lineCounter });
  const out: FixtureObject[] = [];
  for (const [i, doc] of (Array.isArray(documents) ? documents : [documents]).entries()) {
    const data = doc.toJS() as Record<string, unknown> | null;
    if (data?.['kind'] !== 'User') continue;
    const first = lineCounter.linePos(doc.range[0]).line;
    // A document's lines run to the start of the next one: a marker on its `---` line belongs to neither.
    const next = documents[i + 1];
    const last = next ? lineCounter.linePos(next.range[0]).line - 1 : Number.POSITIVE_INFINITY;
    out.push({ data, reported: new Set(markers.filter((m) => m.line >= first && m.line <= last).map((m) => m.rule)) });
  }
  return out;
}

const inNamespace = (object: FixtureObject, namespace: string): Record<string, unknown> => ({ ...object.data, metadata: { ...(object.data['metadata'] as object), namespace } });
const nameOf = (object: FixtureObject): string => String((object.data['metadata'] as Record<string, unknown>)['name']);

/**
 * The suite of the exported `policies` (their documents, policy then binding) for the rules `specs`, on the fixtures
 * of `packs` (folders holding `tests/`).
 */
export function kaptestSuite(policies: readonly Record<string, unknown>[], specs: readonly PolicyRuleSpec[], packs: readonly string[]): { files: KaptestFiles; cases: number } {
  const resources: Record<string, unknown>[] = [];
  const cases: { object: FixtureObject; namespace: string; oldNamespace?: string }[] = [];
  for (const pack of packs) {
    const dir = join(pack, 'tests');
    for (const file of readdirSync(dir).filter((f) => /\.ya?ml$/.test(f) && !/\.old\.ya?ml$/.test(f)).sort()) {
      const namespace = `${basename(pack)}-${file.replace(/\.ya?ml$/, '')}`;
      const previous = readdirSync(dir).includes(file.replace(/\.ya?ml$/, '.old.yaml')) ? usersOf(readFileSync(join(dir, file.replace(/\.ya?ml$/, '.old.yaml')), 'utf8')) : [];
      for (const object of usersOf(readFileSync(join(dir, file), 'utf8'))) {
        resources.push(inNamespace(object, namespace));
        const old = previous.find((p) => nameOf(p) === nameOf(object));
        if (old) resources.push(inNamespace(old, `${namespace}-old`));
        cases.push({ object, namespace, ...(old ? { oldNamespace: `${namespace}-old` } : {}) });
      }
    }
  }
  const suites = policies
    .filter((doc) => doc['kind'] === 'ValidatingAdmissionPolicy')
    .map((doc) => {
      const metadata = doc['metadata'] as { name: string; annotations: Record<string, string> };
      const spec = specs.find((s) => s.id === metadata.annotations['platlint.dev/rule']);
      if (!spec) throw new Error(`no rule for ${metadata.name}`);
      const updatesOnly = ((doc['spec'] as { matchConstraints: { resourceRules: { operations: string[] }[] } }).matchConstraints.resourceRules[0]?.operations ?? []).includes('CREATE') === false;
      return {
        policy: metadata.name,
        tests: cases.map(({ object, namespace, oldNamespace }) => {
          const document: RuleDocument = { kind: 'User', apiVersion: 'management.platform/v1', data: object.data };
          const applies = documentMatches(spec.match, document) && (!updatesOnly || oldNamespace !== undefined);
          return {
            object: { kind: 'User', name: nameOf(object), namespace },
            ...(oldNamespace ? { oldObject: { kind: 'User', name: nameOf(object), namespace: oldNamespace } } : {}),
            expect: !applies ? 'skip' : object.reported.has(spec.id) ? 'deny' : 'admit',
          };
        }),
      };
    });
  const stream = (docs: readonly Record<string, unknown>[]): string => docs.map((d) => `---\n${stringify(d)}`).join('');
  return {
    files: {
      'kaptest.yaml': stringify({ validatingAdmissionPolicies: ['policies.yaml'], resources: ['resources.yaml'], testSuites: suites }),
      'policies.yaml': stream(policies),
      'resources.yaml': stream(resources),
    },
    cases: suites.reduce((n, s) => n + s.tests.length, 0),
  };
}
