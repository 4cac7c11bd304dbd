import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { afterAll, describe, expect, it } from 'vitest';
import { completionsAt } from '../../src/lsp/completion.js';
import { hoverAt } from '../../src/lsp/hover.js';
import { signatureHelpAt } from '../../src/lsp/policy-signatures.js';
import { prepareVariableRename, renameVariable, variableReferences } from '../../src/lsp/vap-variables.js';
import { builtinRules } from '../../rules/index.js';
import { insertion, mutate, mutation } from '../helpers/mutants.js';
import { loadPolicy, removeTempDirs } from '../policy/helpers.js';

/**
 * Property-based fuzzing of completion, hover, signature help, and an admission policy's variables' references and
 * rename in policy files: the shipped policies and admission policies, mutated as the other fuzz tests mutate YAML
 * and with pieces of CEL a user types (selections, macros, open string literals, comments, namespaces), asked at
 * random offsets (half of them in the text after an `expression:`, a quarter at `variables`), in each Kubernetes
 * version and one platlint does not know. Every answer is well formed: no exception, no item, hover or signature
 * with `undefined` in it, every edit inside the document, every parameter inside its signature, a rename's edits
 * exactly the places references find, none overlapping. The same policies with misspelt words load with problems
 * whose suggestions replace exactly the name their message names by the one it says was meant. Fixed seed, so a CI
 * failure reproduces; FUZZ_RUNS and FUZZ_SEED move the search locally.
 */
const RUNS = Number(process.env['FUZZ_RUNS'] ?? 150);
const SEED = Number(process.env['FUZZ_SEED'] ?? 11);
const POLICIES = [
  ...['audit-retention', 'no-cluster-admin', 'sso-restricted', 'token-generation-grows'].map((name) => `fixtures/policies/${name}/policy.yaml`),
  'fixtures/vap/users/policy.yaml',
  'fixtures/vap/kaptest/deployments.yaml',
].map((file) => readFileSync(file, 'utf8'));
const CEL_PIECES = ['.', '.?', '[?0]', '(', ')', '[', ']', "'", '"', '"""', "r'", '//', ' && ', ' in ', ', ', 'self.', 'object.spec.', 'request.userInfo.', 'variables.', '.all(x, x.', '.map(', 'format.', 'optional.', 'has(', 'size(', 'matches(self.spec.email, ', '.endsWith(', 'variables.email', 'variables . domain', '\\', '\\"', "''"];
const VERSIONS = [undefined, '1.27', '1.31', '1.34', '9.99'];

const hasUndefined = (value: unknown): boolean => JSON.stringify(value).includes('undefined');

describe(`fuzzing completion, hover and signature help in policy files (${RUNS} files, seed ${SEED})`, () => {
  it('answers at every offset asked with well-formed items, hovers and signatures', () => {
    fc.assert(
      fc.property(
        fc.nat({ max: POLICIES.length - 1 }),
        fc.array(fc.oneof(mutation, insertion(fc.constantFrom(...CEL_PIECES))), { minLength: 1, maxLength: 6 }),
        fc.array(fc.nat({ max: 100_000 }), { minLength: 20, maxLength: 20 }),
        fc.nat({ max: VERSIONS.length - 1 }),
        (policy, mutations, offsets, version) => {
          const text = mutate(POLICIES[policy] ?? '', mutations);
          const document = TextDocument.create('file:///w/policy.yaml', 'yaml', 1, text);
          const kubernetesVersion = VERSIONS[version];
          const context = { rules: builtinRules, isConfigFile: false, ...(kubernetesVersion ? { kubernetesVersion } : {}) };
          // Half the offsets in the text after an `expression:`, where the CEL is.
          const expressions = [...text.matchAll(/[eE]xpression:/g)].map((match) => match.index + 'expression:'.length);
          // A quarter of them on an admission policy's variables, where references and rename answer.
          const variables = [...text.matchAll(/variables|- name:/g)].map((match) => match.index);
          for (const [i, at] of offsets.entries()) {
            const near = i % 4 === 1 ? variables[at % Math.max(1, variables.length)] : undefined;
            const start = i % 2 === 0 ? expressions[at % Math.max(1, expressions.length)] : undefined;
            const position = document.positionAt(near !== undefined ? Math.min(text.length, near + (at % 20)) : start === undefined ? at % (text.length + 1) : Math.min(text.length, start + (at % 120)));
            const items = completionsAt(document, position, context);
            for (const item of items) {
              expect(item.label).toMatch(/^\S+$/);
              expect(hasUndefined(item)).toBe(false);
              const edit = item.textEdit && 'range' in item.textEdit ? item.textEdit.range : undefined;
              if (edit) expect(document.offsetAt(edit.start) <= document.offsetAt(edit.end) && document.offsetAt(edit.end) <= text.length).toBe(true);
            }
            const hover = hoverAt(document, position, { ...context, docsUrl: () => undefined, diagnostics: [] });
            if (hover) expect(hasUndefined(hover.contents)).toBe(false);
            const references = variableReferences(document, position, true).map((location) => [document.offsetAt(location.range.start), document.offsetAt(location.range.end)]);
            references.forEach(([start = 0, end = 0], i) => expect(start < end && end <= text.length && (references[i + 1]?.[0] ?? Infinity) >= end).toBe(true));
            const renamed = renameVariable(document, position, 'renamed');
            const edits = renamed && 'edit' in renamed ? (renamed.edit.changes?.[document.uri] ?? []) : [];
            expect(edits.map((edit) => [document.offsetAt(edit.range.start), document.offsetAt(edit.range.end)])).toEqual(renamed && 'edit' in renamed ? references : []);
            if (prepareVariableRename(document, position) === null) expect(references.some(([start = 0, end = 0]) => start <= document.offsetAt(position) && document.offsetAt(position) <= end)).toBe(false);
            const help = signatureHelpAt(document, position, kubernetesVersion);
            if (help) {
              expect(hasUndefined(help)).toBe(false);
              expect(help.activeSignature).toBeLessThan(help.signatures.length);
              for (const { label, parameters } of help.signatures) {
                for (const parameter of parameters ?? []) {
                  const [start, end] = parameter.label as [number, number];
                  expect(0 < start && start < end && end < label.length, `${label} ${start}-${end}`).toBe(true);
                }
              }
            }
          }
        },
      ),
      { numRuns: RUNS, seed: SEED, endOnFailure: true },
    );
  });
});

/** A misspelling of the word at `at` (the nth word of three letters or more): a letter dropped, doubled or two swapped. */
function misspell(text: string, at: number, how: number): string {
  const words = [...text.matchAll(/[A-Za-z]{3,}/g)];
  const word = words[at % Math.max(1, words.length)];
  if (!word) return text;
  const i = word.index + 1 + (how % (word[0].length - 1));
  const [a = '', b = ''] = [text[i - 1], text[i]];
  const changed = [text.slice(0, i) + text.slice(i + 1), text.slice(0, i) + (text[i] ?? '') + text.slice(i), text.slice(0, i - 1) + b + a + text.slice(i + 1)][how % 3] ?? text;
  return changed;
}

describe(`fuzzing the suggestions of misspelt policies (${RUNS} files, seed ${SEED})`, () => {
  afterAll(removeTempDirs);

  it('replace exactly the name the problem says is misspelt, with the one it says was meant', () => {
    let suggested = 0;
    fc.assert(
      fc.property(fc.nat({ max: POLICIES.length - 1 }), fc.array(fc.tuple(fc.nat({ max: 10_000 }), fc.nat({ max: 30 })), { minLength: 1, maxLength: 3 }), (policy, typos) => {
        const text = typos.reduce((t, [at, how]) => misspell(t, at, how), POLICIES[policy] ?? '');
        for (const d of loadPolicy(text).problems.flatMap((result) => result.diagnostics)) {
          for (const suggestion of d.suggestions ?? []) {
            suggested++;
            const [edit, ...more] = suggestion.edits;
            expect(more).toEqual([]);
            if (!edit) throw new Error(`a suggestion without an edit: ${JSON.stringify(d)}`);
            const written = text.slice(edit.start, edit.end);
            expect(written).toMatch(/^\w+(\.\w+)*$/);
            expect(suggestion.description).toBe(`Replace "${written}" with "${edit.text}"`);
            expect(d.message).toMatch(new RegExp(`(^|\\W)${written.replace(/\./g, '\\.')}(\\W|$)`));
            expect(d.message).toContain(`did you mean "${edit.text}`);
          }
        }
      }),
      { numRuns: RUNS, seed: SEED, endOnFailure: true },
    );
    // The misspellings reach the suggestions (a fifth of the files or more), not only other problems.
    expect(suggested).toBeGreaterThanOrEqual(RUNS / 5);
  });
});
