import { describe, expect, it } from 'vitest';
import { documentScope, objectScope } from '../../src/engine/scope.js';
import { isTemplatedYaml, templateMarker } from '../../src/engine/templated.js';
import { ids, lint, lintResult, spans } from '../helpers/lint.js';

const USER = ['kind: User', 'metadata:', '  name: jane', ''].join('\n');

describe('what counts as a platform object (scope.ts)', () => {
  it.each([
    [{ apiVersion: 'management.platform/v1', kind: 'User' }, true],
    [{ apiVersion: 'management.platform/v2' }, true],
    [{ apiVersion: 'management.platform/v1', kind: 'Deployment' }, true],
    [{ apiVersion: 'v1', kind: 'User', metadata: {} }, true],
    [{ apiVersion: 'platform/v1', kind: 'Config', status: {} }, true],
    [{ apiVersion: 'platform.management/v1', kind: 'User', spec: {} }, true],
    [{ apiVersion: 'managment.platform/v1', kind: 'Config', metadata: {} }, true],
    [{ kind: 'User', metadata: {}, spec: {} }, true],
    [{ metadata: { name: 'x' }, sepc: {} }, true],
    [{ apiVersion: 'v1', kind: 'List', items: [] }, true],
    [{ apiVersion: 'management.platfrom/v1', kind: 'Usr', metadata: {} }, true],
    [{ apiVersion: 'management.platfrom/v1', kind: 'Deployment', spec: {} }, true],
    [{ apiVersion: 'v1', kind: 'Usr', metadata: {}, spec: {} }, true],
    [{ kind: 'Confg', metadata: {}, spec: {} }, true],
    [{ apiVersion: 'platform-management/v1', kind: 'user', metadata: {} }, true],
  ])('lints %j', (data, linted) => {
    expect(objectScope(data).linted).toBe(linted);
  });

  it.each([
    [{ apiVersion: 'v2', name: 'web', version: '0.1.0' }, 'apiVersion v2: not a management.platform object'],
    [{ apiVersion: 'apps/v1', kind: 'Deployment', metadata: {} }, 'apiVersion apps/v1, kind Deployment: not a management.platform object'],
    [{ apiVersion: 'user.openshift.io/v1', kind: 'User', metadata: {} }, 'apiVersion user.openshift.io/v1, kind User: not a management.platform object'],
    [{ apiVersion: 'apps/v1', kind: 'Config', metadata: {} }, 'apiVersion apps/v1, kind Config: not a management.platform object'],
    [{ apiVersion: 'management.cattle.io/v3', kind: 'User', metadata: {} }, 'apiVersion management.cattle.io/v3, kind User: not a management.platform object'],
    [{ apiVersion: 'user.openshift.io/v1', kind: 'Usr', metadata: {} }, 'apiVersion user.openshift.io/v1, kind Usr: not a management.platform object'],
    [{ apiVersion: 'apps/v1', kind: 'Usr', metadata: {} }, 'apiVersion apps/v1, kind Usr: not a management.platform object'],
    [{ apiVersion: 'v1', kind: 'Role', metadata: {} }, 'apiVersion v1, kind Role: not a management.platform object'],
    [{ apiVersion: 'v1', kind: 'Config', clusters: [], users: [] }, 'apiVersion v1, kind Config: not a management.platform object'],
    [{ kind: 'User', fullName: 'Jane' }, 'kind User: not a management.platform object'],
    [{ services: {}, metadata: {} }, "no apiVersion or kind, and fields that are not a platform object's"],
    [{ site_name: 'docs', nav: [] }, "no apiVersion or kind, and fields that are not a platform object's"],
    [{ id: 'x', kind2: 'y' }, "no apiVersion or kind, and fields that are not a platform object's"],
  ])('skips %j', (data, reason) => {
    expect(objectScope(data)).toEqual({ linted: false, reason });
  });

  it('skips lists and scalars in a file without platform objects, and lints them (to report them) in one with', () => {
    expect(documentScope([{ name: 'play', hosts: 'all' }], false)).toEqual({ linted: false, reason: 'a list, not a mapping, in a file without platform objects' });
    expect(documentScope('text', false)).toEqual({ linted: false, reason: 'a scalar, not a mapping, in a file without platform objects' });
    expect(documentScope('text', true)).toEqual({ linted: true });
    expect(documentScope([{ apiVersion: 'management.platform/v1', kind: 'User' }], false)).toEqual({ linted: true });
  });
});

describe('linting what is ours and skipping the rest', () => {
  it('reports one of our kinds under a slip of our group at the apiVersion, and lints the rest of it', () => {
    const diagnostics = lint(`apiVersion: v1\n${USER}spec:\n  emial: x\n`);
    expect(spans(diagnostics)).toEqual([
      ['resource/api-version', 1, 13, 1, 15],
      ['schema/unknown-field', 6, 3, 6, 8],
    ]);
    expect(diagnostics[0]?.message).toBe('apiVersion "v1" is not management.platform/v1.');
    expect(diagnostics[0]?.note).toBe('User is a kind of the platform management API, which serves it only as apiVersion: management.platform/v1; the server rejects other groups.');
    expect(diagnostics[0]?.severity).toBe('error');
  });

  it('still reports a platform apiVersion without kind', () => {
    expect(spans(lint('apiVersion: management.platform/v1\nmetadata:\n  name: x\n'))).toEqual([['resource/type-meta', 1, 1, 1, 35]]);
  });

  it('skips a Helm Chart.yaml, a kubeconfig and an Ansible playbook, counting them with a reason', () => {
    for (const text of ['apiVersion: v2\nname: web\nversion: 0.1.0\n', 'apiVersion: v1\nkind: Config\nclusters: []\nusers: []\n', '- hosts: all\n  tasks: []\n']) {
      const result = lintResult(text);
      expect(result.diagnostics).toEqual([]);
      expect(result.skipped).toBe(1);
      expect(result.skippedFile).toBe(true);
      expect(result.skips).toHaveLength(1);
    }
  });

  it('reports a list or scalar document in a file that holds platform objects, and a list of platform objects', () => {
    expect(spans(lint(`apiVersion: management.platform/v1\n${USER}---\n- a\n- b\n`))).toEqual([['resource/not-an-object', 6, 1, 6, 4]]);
    expect(spans(lint('- apiVersion: management.platform/v1\n  kind: User\n'))).toEqual([['resource/not-an-object', 1, 1, 1, 37]]);
  });

  it('reports duplicate keys in platform objects only', () => {
    expect(lintResult('services:\n  web: {}\n  web: {}\n').diagnostics).toEqual([]);
    expect(spans(lint(`apiVersion: management.platform/v1\n${USER}  name: bob\n`))).toEqual([['yaml/duplicate-key', 5, 3, 5, 7]]);
  });

  it('skips the other items of a v1 List with their path, and the file is not a skipped file', () => {
    const text = ['apiVersion: v1', 'kind: List', 'items:', '  - apiVersion: v1', '    kind: ConfigMap', '  - apiVersion: management.platform/v1', '    kind: User', '    metadata:', '      name: jane', ''].join('\n');
    const result = lintResult(text);
    expect(result.diagnostics).toEqual([]);
    expect(result.skips).toEqual([{ document: 0, line: 4, path: '/items/0', reason: 'apiVersion v1, kind ConfigMap: not a management.platform object' }]);
    expect(result.skippedFile).toBeUndefined();
  });

  it('reports a List of management.platform/v1 and lints its items, as kubectl applies them; never suggests the word written', () => {
    const text = 'apiVersion: management.platform/v1\nkind: List\nitems:\n  - apiVersion: management.platform/v1\n    kind: User\n    metadata:\n      name: Jane.Doe\n';
    const diagnostics = lint(text);
    // Reported, and its items linted as kubectl applies them: the item's name is no valid object name.
    expect(spans(diagnostics)).toEqual([
      ['resource/kind', 2, 7, 2, 11],
      ['meta/name', 7, 13, 7, 21],
    ]);
    expect(diagnostics[0]?.message).toBe('Kind "List" is not in management.platform/v1: the API server has no such kind.');
    expect(diagnostics[0]?.note).toBe(
      'kubectl applies the items of such a list one by one, and platlint lints them, but any other client sends the list as it is and is refused. A list of any objects is apiVersion v1, kind List; a list of Users or Configs only is a UserList or a ConfigList.',
    );
    // The kinds an unknown one is measured against are the group's own: List is core v1's.
    expect(lint('apiVersion: management.platform/v1\nkind: Lis\n')[0]?.message).toBe('Unknown kind "Lis" in management.platform/v1; expected one of User, Config, UserList, ConfigList.');
    expect(lint('apiVersion: management.platform/v1\nkind: list\n')[0]?.message).toBe('Unknown kind "list" in management.platform/v1; expected one of User, Config, UserList, ConfigList.');
  });
});

describe('templated YAML', () => {
  it('is skipped unparsed with one reason, whatever the file holds', () => {
    const text = '{{- if .Values.user }}\napiVersion: management.platform/v1\nkind: User\nmetadata:\n  name: {{ .Values.user }}\n{{- end }}\n';
    const result = lintResult(text, { filename: 'chart/templates/user.yaml' });
    expect(result).toEqual({
      file: 'chart/templates/user.yaml',
      diagnostics: [],
      documents: 0,
      skipped: 0,
      skips: [{ line: 1, path: '', reason: 'templated YAML ("{{" at 1:1), not YAML until rendered: lint the rendered output (helm template CHART | platlint -)' }],
      skippedFile: true,
    });
    expect(ids(lint(text, { filename: 'user.yaml' }))).toEqual([]);
  });

  it('is told from quoted placeholders, block scalars, comments and GitHub expressions', () => {
    expect(templateMarker('a: {{ .Values.x }}\n', 'a.yaml')).toMatchObject({ line: 1, column: 4 });
    expect(templateMarker('a: b\nimage: repo/app:{{ .Values.tag }}\n', 'a.yaml')).toMatchObject({ line: 2, column: 17 });
    expect(templateMarker('a: x\n{% if y %}\nb: c\n', 'a.yaml')).toMatchObject({ line: 2, column: 1 });
    expect(isTemplatedYaml('a: "{{ q }}"\nb: \'{{ r }}\'\n', 'a.yaml')).toBe(false);
    expect(isTemplatedYaml('a: |\n  {{ block }}\nb: >-\n  {{ folded }}\n', 'a.yaml')).toBe(false);
    expect(isTemplatedYaml('# {{ comment }}\na: b\n', 'a.yaml')).toBe(false);
    expect(isTemplatedYaml("if: ${{ github.event_name == 'push' }}\nenv:\n  T: ${{ secrets.T }}\n", '.github/workflows/ci.yml')).toBe(false);
    expect(isTemplatedYaml('f: {a: b}\ng: { a: {b: c} }\n', 'a.yaml')).toBe(false);
  });

  it('in a templates folder, is any file with a template action, quoted or not; a plain file there is linted', () => {
    expect(isTemplatedYaml('name: "{{ .Release.Name }}"\n', 'chart/templates/cm.yaml')).toBe(true);
    expect(isTemplatedYaml('name: plain\n', 'chart/templates/cm.yaml')).toBe(false);
    expect(isTemplatedYaml('name: "{{ .Release.Name }}"\n', 'templates.yaml')).toBe(false);
  });
});
