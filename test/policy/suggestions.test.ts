import { afterAll, describe, expect, it } from 'vitest';
import { admissionPolicy } from '../lsp/policy-file.js';
import { loadPolicy, policy, removeTempDirs } from './helpers.js';

afterAll(removeTempDirs);

const rule = (lines: string): string => policy(`    - id: acme/rule\n      description: A rule\n      severity: error\n      match: {kinds: [User]}\n${lines}`);

/** The suggestions of a policy file's problems, each edit with the text it replaces. */
function suggested(text: string): [string, string, string][] {
  const diagnostics = loadPolicy(text).problems.flatMap((r) => r.diagnostics);
  return diagnostics.flatMap((d) => (d.suggestions ?? []).flatMap((s) => s.edits.map((e): [string, string, string] => [s.description, text.slice(e.start, e.end), e.text])));
}

describe('policy problems suggest the name a misspelt one meant, as an edit of the file', () => {
  it("a CEL variable, a field of the kind's schema, a key of the policy", () => {
    expect(suggested(rule('      expression: "objct.spec.email != \'\'"\n      message: m\n'))).toEqual([['Replace "objct" with "object"', 'objct', 'object']]);
    expect(suggested(rule("      expression: object.spec.emial.endsWith('@acme.example')\n      message: m\n"))).toEqual([['Replace "emial" with "email"', 'emial', 'email']]);
    expect(suggested(rule('      experssion: "true"\n      message: m\n'))).toEqual([['Replace "experssion" with "expression"', 'experssion', 'expression']]);
    expect(suggested(rule('      expression: "true"\n      "mesage": m\n'))).toEqual([['Replace "mesage" with "message"', 'mesage', 'message']]);
    // A field of a `given` path.
    expect(suggested(rule('      given: spec.clusterRole[*]\n      expression: "true"\n      message: m\n'))).toEqual([['Replace "clusterRole" with "clusterRoles"', 'clusterRole', 'clusterRoles']]);
    // In a block scalar, where the name is on a later line.
    expect(suggested(rule('      expression: >-\n        object.spec.username != \'\' &&\n        object.spec.emial != \'\'\n      message: m\n'))).toEqual([['Replace "emial" with "email"', 'emial', 'email']]);
  });

  it('in the CEL of a ValidatingAdmissionPolicy', () => {
    const text = admissionPolicy({ validation: 'object.spec.emial.endsWith(variables.domain)' });
    expect(suggested(text)).toEqual([['Replace "emial" with "email"', 'emial', 'email']]);
  });

  it('none where the file does not spell the name as is, or no name is near', () => {
    // An escape spells the name: the edit would have to rewrite the escape.
    expect(suggested(rule('      expression: "object.spec.\\u0065mial != \'\'"\n      message: m\n'))).toEqual([]);
    expect(suggested(rule('      expression: "object.spec.nothingLikeIt != \'\'"\n      message: m\n'))).toEqual([]);
    // A right name at the wrong depth: the message says the whole path meant, nothing to replace in place.
    expect(loadPolicy(rule('      given: clusterRoles[*]\n      expression: "true"\n      message: m\n')).problems.flatMap((r) => r.diagnostics.map((d) => [d.message, d.suggestions]))).toEqual([
      ['The given path "clusterRoles[*]" selects nothing: a User has no clusterRoles; did you mean "spec.clusterRoles[*]"?', undefined],
    ]);
  });
});
