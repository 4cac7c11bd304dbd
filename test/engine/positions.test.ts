import { describe, expect, it } from 'vitest';
import { lint, lintResult, spans } from '../helpers/lint.js';
import { configRaw } from '../helpers/manifests.js';

describe('positions of core diagnostics', () => {
  it('reports a misspelt key at the key, suggesting the real field', () => {
    const text = [
      'apiVersion: management.platform/v1',
      'kind: Config',
      'metadata:',
      '  name: config',
      'status:',
      '  auth:',
      '    oidc:',
      '      issuerUrl: https://id.example.com',
      '      clientId: platform',
      '      clientSecret: $OIDC_CLIENT_SECRET',
      '      redirectUri: https://platform.example.com/auth/oidc/callback',
      '',
    ].join('\n');
    const diagnostics = lint(text).filter((d) => d.ruleId.startsWith('schema/'));
    expect(spans(diagnostics)).toEqual([['schema/unknown-field', 11, 7, 11, 18]]);
    expect(diagnostics[0]?.message).toBe(
      'Unknown field "redirectUri" in status.auth.oidc; did you mean "redirectURI"?',
    );
    expect(diagnostics[0]?.path).toBe('/status/auth/oidc/redirectUri');
    expect(diagnostics[0]?.fix).toEqual({ edits: [{ start: text.indexOf('redirectUri'), end: text.indexOf('redirectUri') + 11, text: 'redirectURI' }] });
  });

  it('reports a duplicate key over the whole second key', () => {
    const text = 'apiVersion: management.platform/v1\nkind: User\nmetadata:\n  name: jane\nspec:\n  email: a@example.com\n  email: b@example.com\n';
    expect(spans(lint(text))).toEqual([['yaml/duplicate-key', 7, 3, 7, 8]]);
    expect(lint(text)[0]?.message).toBe('The key email is given twice in this mapping; only one value would be kept.');
  });

  it('still lints the documents after one with a syntax error', () => {
    const text = [
      'apiVersion: management.platform/v1',
      'kind: User',
      'spec:',
      '  groups: [a',
      '---',
      'apiVersion: management.platform/v1',
      'kind: User',
      'metadata:',
      '  name: jane',
      'spec:',
      '  tokenGeneration: "2"',
      '',
    ].join('\n');
    const diagnostics = lint(text);
    // The unclosed "[" is reported where it opens, not on the "---" where the parser noticed it.
    expect(spans(diagnostics)).toEqual([
      ['yaml/syntax', 4, 11, 4, 13],
      ['schema/type', 11, 20, 11, 23],
    ]);
    expect(diagnostics.map((d) => d.document)).toEqual([0, 1]);
  });

  it("reports a UserList item's mistake at that item's line, with the item's path", () => {
    const text = [
      'apiVersion: management.platform/v1',
      'kind: UserList',
      'items:',
      '  - apiVersion: management.platform/v1',
      '    kind: User',
      '    metadata: {name: jane}',
      '  - apiVersion: management.platform/v1',
      '    kind: User',
      '    metadata: {name: bob}',
      '    spec:',
      '      emial: bob@example.com',
      '',
    ].join('\n');
    const diagnostics = lint(text);
    expect(spans(diagnostics)).toEqual([['schema/unknown-field', 11, 7, 11, 12]]);
    expect(diagnostics[0]?.path).toBe('/items/1/spec/emial');
    expect(lintResult(text).documents).toBe(1);
  });

  it('maps a mistake inside a spec.raw block scalar to the file line', () => {
    const text = [
      'apiVersion: management.platform/v1',
      'kind: Config',
      'metadata:',
      '  name: config',
      'spec:',
      '  raw: |',
      '    auth:',
      '      password:',
      '        disabled: false',
      '      gitForgeA:',
      '        clientSecret: $GITHUB_CLIENT_SECRET',
      '        redirectURI: https://platform.example.com/auth/github/callback',
      '        orgz: []',
      '',
    ].join('\n');
    const diagnostics = lint(text).filter((d) => d.ruleId === 'schema/unknown-field');
    expect(spans(diagnostics)).toEqual([['schema/unknown-field', 13, 9, 13, 13]]);
    expect(diagnostics[0]?.path).toBe('/spec/raw/auth/gitForgeA/orgz');
    expect(diagnostics[0]?.message).toContain('did you mean "orgs"?');
  });

  it('reports YAML errors inside spec.raw at their file position', () => {
    const text = 'apiVersion: management.platform/v1\nkind: Config\nmetadata:\n  name: config\nspec:\n  raw: |\n    auth:\n      password: {disabled: true\n';
    expect(spans(lint(text)).map((s) => [s[0], s[1]])).toEqual([['yaml/syntax', 8]]);
  });

  it('lints a base64 spec.raw and reports at the scalar', () => {
    const raw = Buffer.from('audit:\n  enabled: true\n  maxSize: "100"\n').toString('base64');
    const text = `apiVersion: management.platform/v1\nkind: Config\nmetadata:\n  name: config\nspec:\n  raw: ${raw}\n`;
    const diagnostics = lint(text).filter((d) => d.ruleId === 'schema/type');
    expect(spans(diagnostics)).toEqual([['schema/type', 6, 8, 6, 8 + raw.length]]);
    expect(diagnostics[0]?.path).toBe('/spec/raw/audit/maxSize');
  });

  it('keeps the diagnostics of different values of a base64 spec.raw, all at the scalar: supersedes drops only one on the same value', () => {
    // schema/required supersedes schema/enum: here they are about two values that share only the scalar's range.
    const raw = Buffer.from('uiSettings:\n  navBarButtons:\n    - position: bottomend\n      text: Docs\n      link: https://docs.example.com\nauth:\n  oidc:\n    issuerUrl: https://login.example.com\n    clientId: x\n    groups: [admins]\n    groupsClaim: groups\n').toString('base64');
    const text = configRaw(raw, []);
    expect(lint(text).map((d) => [d.ruleId, d.line, d.column, d.path])).toEqual([
      ['schema/enum', 6, 8, '/spec/raw/uiSettings/navBarButtons/0/position'],
      ['schema/required', 6, 8, '/spec/raw/auth/oidc'],
    ]);
  });

  it('says where in a base64 spec.raw each diagnostic placed on the scalar is, so that two alike stay two', () => {
    const raw = Buffer.from('audit:\n  enabled: true\n  level: 1\n  path: /var/log/platform\n  maxAge: 010\n  maxBackups: 010\n').toString('base64');
    expect(lint(configRaw(raw, [])).map((d) => [d.ruleId, d.line, d.column, d.path, d.message])).toEqual([
      ['yaml/ambiguous-scalar', 6, 8, '/spec/raw', '010 is read by the platform as the octal number 8, not as 10. (line 5, column 11 of the decoded spec.raw)'],
      ['yaml/ambiguous-scalar', 6, 8, '/spec/raw', '010 is read by the platform as the octal number 8, not as 10. (line 6, column 15 of the decoded spec.raw)'],
    ]);
    const quoted = configRaw(JSON.stringify('audit:\n  enabled: true\n  level: 1\n  path: /var/log/platform\n  maxAge: "30"\n'), []);
    expect(lint(quoted).map((d) => [d.ruleId, d.line, d.column, d.message])).toEqual([
      ['schema/type', 6, 8, 'status.audit.maxAge must be an integer, not string; remove the quotes to write a number. (line 5, column 11 of the text of spec.raw)'],
    ]);
  });

  it('reports an unrecognized version of the group at the apiVersion value', () => {
    const text = 'apiVersion: management.platform/v2\nkind: User\nmetadata:\n  name: jane\n';
    expect(spans(lint(text))).toEqual([['resource/api-version', 1, 13, 1, 35]]);
  });

  it('skips and counts documents of other API groups', () => {
    const text = 'apiVersion: v1\nkind: Secret\nmetadata:\n  name: s\ndata:\n  whatever: true\n---\napiVersion: management.platform/v1\nkind: User\nmetadata:\n  name: jane\n';
    const result = lintResult(text);
    expect(result.diagnostics).toEqual([]);
    expect(result.skipped).toBe(1);
    expect(result.documents).toBe(2);
  });

  it('suggests the right case for a wrong-case kind', () => {
    const diagnostics = lint('apiVersion: management.platform/v1\nkind: user\nmetadata:\n  name: jane\n');
    expect(spans(diagnostics)).toEqual([['resource/kind', 2, 7, 2, 11]]);
    expect(diagnostics[0]?.message).toBe('Unknown kind "user"; did you mean "User"?');
  });

  it('reads scalars as YAML 1.1 does: an error where the platform refuses one, a warning where it changes one', () => {
    const diagnostics = lint('apiVersion: management.platform/v1\nkind: User\nmetadata:\n  name: jane\nspec:\n  username: off\n  disabled: yes\n  tokenGeneration: 010\n');
    expect(spans(diagnostics)).toEqual([
      ['schema/type', 6, 13, 6, 16],
      ['yaml/ambiguous-scalar', 8, 20, 8, 23],
    ]);
    expect(diagnostics.map((d) => [d.severity, d.message, d.note])).toEqual([
      ['error', 'spec.username must be a string, but the platform reads off as the boolean false.', "The platform's YAML 1.1 decoder reads the unquoted value as a bool, and the server then refuses it (json: cannot unmarshal bool into a string field); quote it to write a string."],
      ['warning', '010 is read by the platform as the octal number 8, not as 10.', 'YAML 1.1 reads a leading 0 as octal; drop the leading zeros for the decimal number, or quote the value where a string is meant.'],
    ]);
    expect(diagnostics[0]?.suggestions?.[0]?.description).toBe('Quote the value: "off"');
  });

  it('treats an explicit null as absent and an empty value as an unfilled template', () => {
    const text = 'apiVersion: management.platform/v1\nkind: User\nmetadata:\n  name: jane\nspec:\n  email: null\n  username:\n';
    expect(spans(lint(text))).toEqual([['schema/empty-value', 7, 3, 7, 11]]);
  });
});
