import { describe, expect, it } from 'vitest';
import type { Diagnostic } from '../../src/engine/types.js';
import { lint, spans } from '../helpers/lint.js';
import { applyFixes } from '../../src/engine/fix-apply.js';

const HEAD = 'apiVersion: management.platform/v1\nkind: User\nmetadata:\n  name: jane\nspec:\n  username: jane\n';

function of(diags: readonly Diagnostic[]): Diagnostic[] {
  return diags.filter((d) => d.ruleId.startsWith('user/'));
}

describe('user/access-verbs', () => {
  const text = `${HEAD}  access:
    - verbs:
        - GET
        - lst
        - watch
        - "*"
        - get
        - get
      users: [admin]
`;

  it('reports every verb problem at the verb, with its own severity', () => {
    const diags = of(lint(text));
    expect(spans(diags)).toEqual([
      ['user/access-verbs', 9, 11, 9, 14],
      ['user/access-verbs', 10, 11, 10, 14],
      ['user/access-verbs', 11, 11, 11, 16],
      ['user/access-verbs', 12, 11, 12, 14],
      ['user/access-verbs', 14, 11, 14, 14],
    ]);
    expect(diags.map((d) => d.severity)).toEqual(['error', 'error', 'error', 'warning', 'warning']);
    expect(diags.map((d) => d.message)).toEqual([
      'Verb "GET" is not recognised; did you mean "get"?',
      'Verb "lst" is not a verb of User access rules, so it grants nothing; did you mean "list"?',
      'Verb "watch" is not a verb of User access rules, so it grants nothing.',
      'spec.access[0].verbs has "*" next to "get".',
      'Verb "get" is listed twice in spec.access[0].verbs (first at verbs[4]).',
    ]);
    expect(diags[1]?.suggestions?.[0]?.edits[0]?.text).toBe('list');
    expect(diags[1]?.fix).toBeUndefined();
  });

  it('fixes the case and removes duplicates', () => {
    const fixed = applyFixes(text, of(lint(text))).text;
    expect(fixed).toContain('        - get\n        - lst\n        - watch\n        - "*"\n        - get\n      users');
  });

  it('reports an empty verbs list at the verbs key', () => {
    const diags = of(lint(`${HEAD}  access:\n    - verbs: []\n      teams: [sre]\n`));
    expect(spans(diags)).toEqual([['user/access-verbs', 8, 7, 8, 12]]);
    expect(diags[0]?.message).toBe(
      'spec.access[0].verbs is empty: the rule grants nothing.',
    );
  });
});

describe('user/access-subjects', () => {
  it('reports a rule without users or teams at its first line, naming it', () => {
    const diags = of(lint(`${HEAD}  access:\n    - name: read\n      verbs: [get]\n      users: []\n`));
    expect(spans(diags)).toEqual([['user/access-subjects', 8, 7, 8, 17]]);
    expect(diags[0]?.message).toBe(
      'spec.access[0] ("read") has neither users nor teams: the rule grants its verbs to nobody.',
    );
  });
});

describe('user/secret-refs', () => {
  it('warns about each missing part at the reference and errors on malformed names', () => {
    const diags = of(lint(`${HEAD}  passwordRef:\n    secretName: Jane_Password\n  imagePullSecrets:\n    - secretName: registry\n      secretNamespace: platform\n`));
    expect(spans(diags)).toEqual([
      ['user/secret-refs', 7, 3, 7, 14],
      ['user/secret-refs', 7, 3, 7, 14],
      ['user/secret-refs', 8, 17, 8, 30],
      ['user/secret-refs', 10, 7, 10, 27],
    ]);
    expect(diags.map((d) => d.severity)).toEqual(['warning', 'warning', 'error', 'warning']);
    expect(diags[0]?.message).toBe(
      'spec.passwordRef has no secretNamespace, so the user\'s password cannot be read.',
    );
    expect(diags[3]?.message).toBe(
      'spec.imagePullSecrets[0] has no key, so the image pull secret cannot be read.',
    );
  });

  it('checks keys as Kubernetes secret data keys', () => {
    const ref = (key: string): string => `${HEAD}  codesRef:\n    secretName: codes\n    secretNamespace: platform\n    key: "${key}"\n`;
    expect(of(lint(ref('.dockerconfigjson')))).toEqual([]);
    expect(of(lint(ref('ACCESS_CODES-1.txt')))).toEqual([]);
    expect(of(lint(ref('..data'))).map((d) => d.message)).toEqual([
      'spec.codesRef.key "..data" cannot be a key of a secret.',
    ]);
    expect(of(lint(ref('a/b'))).map((d) => d.ruleId)).toEqual(['user/secret-refs']);
  });
});

describe('user/email and user/icon', () => {
  it("quotes the parser's reason", () => {
    const diags = of(lint(`${HEAD}  email: "Jane <jane@example.com>"\n  icon: //cdn.example.com/jane.png\n`));
    expect(spans(diags)).toEqual([
      ['user/email', 7, 10, 7, 35],
      ['user/icon', 8, 9, 8, 35],
    ]);
    expect(diags.map((d) => d.severity)).toEqual(['error', 'warning']);
    expect(diags[0]?.message).toBe(
      'spec.email "Jane <jane@example.com>" is not a valid e-mail address (mail: missing @ in addr-spec).',
    );
    expect(diags[1]?.message).toBe(
      'spec.icon "//cdn.example.com/jane.png" is not an absolute URL: the UI cannot load the icon from it.',
    );
  });

  it('never shows a password of an icon URL', () => {
    const diags = of(lint(`${HEAD}  icon: ftp://jane:hunter2secret@files.example.com/jane.png\n`));
    expect(diags).toHaveLength(1);
    expect(diags[0]?.message).not.toContain('hunter2secret');
    expect(diags[0]?.message).toContain('ftp://jane:****@files.example.com/jane.png');
  });
});

describe('user/cluster-roles and user/duplicates', () => {
  it('removes duplicate cluster roles and groups with --fix', () => {
    const text = `${HEAD}  groups:\n    - sre\n    - dev\n    - sre\n  ssoGroups: [a, a]\n  clusterRoles:\n    - name: viewer\n    - name: viewer\n    - name: ""\n`;
    const diags = of(lint(text));
    expect(spans(diags)).toEqual([
      ['user/duplicates', 10, 7, 10, 10],
      ['user/duplicates', 11, 18, 11, 19],
      ['user/cluster-roles', 14, 13, 14, 19],
      ['user/cluster-roles', 15, 7, 15, 11],
    ]);
    expect(diags.map((d) => d.severity)).toEqual(['warning', 'warning', 'warning', 'error']);
    expect(diags[0]?.message).toBe(
      'Group "sre" is listed twice in spec.groups (first at groups[0]): the user is in a group once, however often it is listed.',
    );
    expect(diags[2]?.message).toBe(
      'Cluster role "viewer" is assigned twice (first at spec.clusterRoles[0]).',
    );
    // A flow list is not edited (the fix is not offered); block lists are.
    expect(diags[1]?.fix).toBeUndefined();
    const fixed = applyFixes(text, diags).text;
    expect(fixed).toBe(`${HEAD}  groups:\n    - sre\n    - dev\n  ssoGroups: [a, a]\n  clusterRoles:\n    - name: viewer\n    - name: ""\n`);
  });
});

describe('user/token-generation, user/extra-claims, user/owner', () => {
  it('reports each at the value or key it concerns', () => {
    const text = `${HEAD}  tokenGeneration: -2\n  owner: {user: ""}\n  extraClaims:\n    level: 3\n    remote: on\n    tags: [a, b]\n    note: "fine"\n`;
    const diags = of(lint(text));
    expect(spans(diags)).toEqual([
      ['user/token-generation', 7, 20, 7, 22],
      ['user/owner', 8, 3, 8, 8],
      ['user/extra-claims', 10, 12, 10, 13],
      ['user/extra-claims', 11, 13, 11, 15],
      ['user/extra-claims', 12, 5, 12, 9],
    ]);
    expect(diags.map((d) => d.message)).toEqual([
      'spec.tokenGeneration is -2: a token generation counts up from 0 and cannot be negative.',
      'spec.owner names neither a user nor a team, so the object has no owner.',
      'spec.extraClaims.level is the number 3, not a string.',
      'spec.extraClaims.remote is the boolean true, not a string.',
      'spec.extraClaims.tags is a list, not a string.',
    ]);
    expect(diags[3]?.suggestions?.[0]?.edits[0]?.text).toBe('"on"');
  });

  it('does not run User rules on a Config', () => {
    const config = 'apiVersion: management.platform/v1\nkind: Config\nmetadata:\n  name: config\nspec:\n  raw: "platformHost: x"\n';
    expect(of(lint(config, { preset: 'strict' }))).toEqual([]);
  });
});
