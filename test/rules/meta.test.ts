import { describe, expect, it } from 'vitest';
import type { Diagnostic, Report, RuleContext } from '../../src/engine/types.js';
import timestampsRule from '../../rules/meta/timestamps/index.js';
import { lint, spans } from '../helpers/lint.js';
import { applyFixes } from '../../src/engine/fix-apply.js';

const HEAD = 'apiVersion: management.platform/v1\nkind: User\n';

function of(diags: readonly Diagnostic[], prefix = 'meta/'): Diagnostic[] {
  return diags.filter((d) => d.ruleId.startsWith(prefix));
}

describe('meta/name', () => {
  it('reports an invalid name at its value, with a proposal, and an ignored generateName as info at its key', () => {
    const diags = of(lint(`${HEAD}metadata:\n  name: Jane_Doe\n  generateName: jane-\nspec:\n  username: jane\n`, { preset: 'strict' }));
    expect(spans(diags)).toEqual([
      ['meta/name', 4, 9, 4, 17],
      ['meta/name', 5, 3, 5, 15],
    ]);
    expect(diags.map((d) => d.severity)).toEqual(['error', 'info']);
    expect(diags[0]?.message).toBe(
      'metadata.name "Jane_Doe" is not a valid object name.',
    );
    expect(diags[0]?.suggestions?.[0]?.edits).toEqual([{ start: 64, end: 72, text: 'jane-doe' }]);
    expect(diags[1]?.message).toBe(
      'metadata.generateName is ignored because metadata.name is set.',
    );
  });

  it('reports a missing name at the metadata key, or at the document when there is no metadata', () => {
    expect(spans(of(lint(`${HEAD}metadata:\n  labels: {a: b}\n`)))).toEqual([['meta/name', 3, 1, 3, 9]]);
    expect(spans(of(lint(`${HEAD}spec:\n  username: x\n`)))).toEqual([['meta/name', 1, 1, 1, 35]]);
    expect(spans(of(lint(`${HEAD}metadata:\n  name: ""\n`)))).toEqual([['meta/name', 4, 3, 4, 7]]);
    expect(of(lint(`${HEAD}metadata:\n  labels: {a: b}\n`))[0]?.message).toBe(
      'metadata has neither name nor generateName.',
    );
  });

  it('accepts a generateName with a trailing dash and leaves a numeric name to the schema pass', () => {
    expect(of(lint(`${HEAD}metadata:\n  generateName: user-\n`))).toEqual([]);
    expect(lint(`${HEAD}metadata:\n  name: 123\n`, { preset: 'strict' }).map((d) => d.ruleId)).toEqual(['schema/type']);
  });

  it('checks each list item at its own position and a Config with spec.raw once', () => {
    const list = `apiVersion: management.platform/v1\nkind: UserList\nitems:\n  - metadata:\n      name: ok\n  - metadata:\n      name: Not_Ok\n`;
    expect(spans(of(lint(list)))).toEqual([['meta/name', 7, 13, 7, 19]]);
    const config = `apiVersion: management.platform/v1\nkind: Config\nmetadata:\n  name: Bad_Name\nspec:\n  raw: |\n    platformHost: platform.example.com\n`;
    expect(spans(of(lint(config, { preset: 'strict' })))).toEqual([['meta/name', 4, 9, 4, 17]]);
  });
});

describe('meta/namespace', () => {
  it('warns about a valid namespace and errors on a malformed one, once each', () => {
    const valid = of(lint(`${HEAD}metadata:\n  name: jane\n  namespace: platform\n`));
    expect(spans(valid)).toEqual([['meta/namespace', 5, 14, 5, 22]]);
    expect(valid[0]?.severity).toBe('warning');
    expect(valid[0]?.message).toBe(
      'metadata.namespace is "platform", but User is cluster-scoped.',
    );
    expect(valid[0]?.suggestions?.[0]?.description).toBe('Remove metadata.namespace');
    const invalid = of(lint(`apiVersion: management.platform/v1\nkind: Config\nmetadata:\n  name: config\n  namespace: a.b\n`));
    expect(invalid.map((d) => [d.ruleId, d.severity])).toEqual([['meta/namespace', 'error']]);
    expect(invalid[0]?.message).toBe(
      'metadata.namespace "a.b" is not a valid namespace name.',
    );
  });
});

describe('meta/labels and meta/annotations', () => {
  it('reports label keys at the key and label values at the value', () => {
    const diags = of(lint(`${HEAD}metadata:\n  name: jane\n  labels:\n    "bad key": "bad value"\n    ok: fine\n`));
    expect(spans(diags)).toEqual([
      ['meta/labels', 6, 5, 6, 14],
      ['meta/labels', 6, 16, 6, 27],
    ]);
    expect(diags[1]?.message).toBe('The value of label "bad key" is not a valid label value.');
    expect(diags[1]?.note).toMatch(/ Validation says: a valid label must be an empty string/);
  });

  it('checks annotation keys lower-cased, as apimachinery does', () => {
    const diags = of(lint(`${HEAD}metadata:\n  name: jane\n  annotations:\n    Example.COM/Note: x\n    Example.COM/bad note: y\n`));
    expect(spans(diags)).toEqual([['meta/annotations', 7, 5, 7, 25]]);
    expect(diags[0]?.message).toBe('Annotation key "Example.COM/bad note" is not a qualified name.');
    expect(diags[0]?.note).toMatch(/ Validation says: name part must consist of/);
  });

  it('reports annotations above 262144 bytes at the annotations key', () => {
    const value = 'abc '.repeat(16384);
    const lines = [0, 1, 2, 3].map((i) => `    example.com/part-${i}: "${value}"`).join('\n');
    const diags = of(lint(`${HEAD}metadata:\n  name: jane\n  annotations:\n${lines}\n`));
    expect(spans(diags)).toEqual([['meta/annotations', 5, 3, 5, 14]]);
    const size = 4 * (value.length + 'example.com/part-0'.length);
    expect(diags[0]?.message).toBe(
      `metadata.annotations are ${size} bytes in total (keys and values), more than the limit of 262144 bytes (256 KiB).`,
    );
    // Exactly at the limit is fine.
    const exact = 'x '.repeat((262144 - 'example.com/a'.length) / 2);
    expect(of(lint(`${HEAD}metadata:\n  name: jane\n  annotations:\n    example.com/a: "${exact}"\n`))).toEqual([]);
  });
});

describe('meta/finalizers', () => {
  it('reports duplicates as fixable warnings and orphan with foregroundDeletion as an error', () => {
    const text = `${HEAD}metadata:\n  name: jane\n  finalizers:\n    - orphan\n    - example.com/keep\n    - orphan\n    - foregroundDeletion\nspec:\n  username: jane\n`;
    const diags = of(lint(text));
    expect(spans(diags)).toEqual([
      ['meta/finalizers', 8, 7, 8, 13],
      ['meta/finalizers', 9, 7, 9, 25],
    ]);
    expect(diags.map((d) => d.severity)).toEqual(['warning', 'error']);
    expect(diags[0]?.message).toBe(
      'Finalizer "orphan" is listed twice (first at metadata.finalizers[0]).',
    );
    const fixed = applyFixes(text, diags).text;
    expect(fixed).toBe(`${HEAD}metadata:\n  name: jane\n  finalizers:\n    - orphan\n    - example.com/keep\n    - foregroundDeletion\nspec:\n  username: jane\n`);
    expect(of(lint(fixed)).map((d) => d.message)).toEqual([diags[1]?.message]);
  });
});

describe('meta/owner-references', () => {
  it('names both controllers and reports blockOwnerDeletion as info', () => {
    const text = `${HEAD}metadata:
  name: jane
  ownerReferences:
    - {apiVersion: management.platform/v1, kind: Team, name: a, uid: u1, controller: true}
    - {apiVersion: management.platform/v1, kind: Team, name: b, uid: u2, controller: true, blockOwnerDeletion: true}
`;
    const diags = of(lint(text));
    expect(spans(diags)).toEqual([
      ['meta/owner-references', 7, 86, 7, 90],
      ['meta/owner-references', 7, 112, 7, 116],
    ]);
    expect(diags.map((d) => d.severity)).toEqual(['error', 'info']);
    expect(diags[0]?.message).toBe(
      'metadata.ownerReferences[1] (Team/b) has controller: true, but ownerReferences[0] (Team/a) is already the controller.',
    );
  });

  it('leaves missing fields to schema/required and reports empty ones', () => {
    const text = `${HEAD}metadata:\n  name: jane\n  ownerReferences:\n    - apiVersion: v1\n      kind: Team\n      name: ""\n`;
    const diags = lint(text, { preset: 'strict' }).filter((d) => d.severity === 'error');
    expect(diags.map((d) => [d.ruleId, d.line])).toEqual([
      ['schema/required', 6],
      ['meta/owner-references', 8],
    ]);
  });
});

describe('meta/server-fields and meta/self-link', () => {
  const text = `${HEAD}metadata:\n  name: jane\n  uid: 0b7e5c1d\n  resourceVersion: "12"\n  creationTimestamp: null\n  selfLink: /apis/x\nspec:\n  username: jane\n`;

  it('reports each server-set field at its key, not an explicit null, and is off in the export preset', () => {
    expect(spans(of(lint(text)).filter((d) => d.ruleId === 'meta/server-fields'))).toEqual([
      ['meta/server-fields', 5, 3, 5, 6],
      ['meta/server-fields', 6, 3, 6, 18],
    ]);
    expect(of(lint(text, { preset: 'export' })).map((d) => d.ruleId)).toEqual(['meta/self-link']);
  });

  it('removes selfLink with --fix', () => {
    const diags = of(lint(text)).filter((d) => d.ruleId === 'meta/self-link');
    expect(spans(diags)).toEqual([['meta/self-link', 8, 3, 8, 11]]);
    const fixed = applyFixes(text, diags).text;
    expect(fixed).toBe(`${HEAD}metadata:\n  name: jane\n  uid: 0b7e5c1d\n  resourceVersion: "12"\n  creationTimestamp: null\nspec:\n  username: jane\n`);
    expect(of(lint(fixed)).filter((d) => d.ruleId === 'meta/self-link')).toEqual([]);
  });
});

describe('meta/timestamps', () => {
  it("quotes Go's parse error and proposes the UTC form of a creationTimestamp with an offset", () => {
    const text = `${HEAD}metadata:\n  name: jane\n  creationTimestamp: 2024-01-01T01:30:00+02:00\n  deletionTimestamp: "2024-01-01"\n  deletionGracePeriodSeconds: 5\n`;
    const diags = of(lint(text, { preset: 'export' }));
    expect(spans(diags)).toEqual([
      ['meta/timestamps', 5, 22, 5, 47],
      ['meta/timestamps', 6, 22, 6, 34],
    ]);
    expect(diags[0]?.message).toBe(
      'metadata.creationTimestamp "2024-01-01T01:30:00+02:00" has the offset +02:00; creation timestamps are in UTC.',
    );
    expect(diags[0]?.suggestions?.[0]?.edits[0]?.text).toBe('"2023-12-31T23:30:00Z"');
    expect(diags[1]?.message).toBe(
      'metadata.deletionTimestamp "2024-01-01" is not an RFC 3339 timestamp the platform can parse.',
    );
  });

  it('reports an invalid managedFields time once, under meta/timestamps only', () => {
    const text = `${HEAD}metadata:\n  name: jane\n  managedFields:\n    - apiVersion: management.platform/v1\n      fieldsType: FieldsV1\n      manager: ui\n      operation: Update\n      time: "2024-13-01T00:00:00Z"\n`;
    expect(spans(of(lint(text, { preset: 'export' })))).toEqual([['meta/timestamps', 10, 13, 10, 35]]);
  });

  it('reads the source text when a timestamp arrives as a Date', () => {
    const reports: Report[] = [];
    const ctx: RuleContext = {
      report: (r) => reports.push(r),
      failed: () => undefined,
      fileState: (_key, init) => init(),
      options: {},
      fromRaw: false,
      facts: { isEmpty: () => false, scalar: () => ({ source: '2024-01-01 10:00:00', plain: true }) },
    };
    timestampsRule.check?.({ kind: 'User', apiVersion: 'management.platform/v1', data: { metadata: { creationTimestamp: new Date(0) } } }, ctx);
    expect(reports.map((r) => [r.messageId, r.data?.value])).toEqual([['invalid', '2024-01-01 10:00:00']]);
  });
});

describe('meta/deletion-grace', () => {
  it('reports a negative grace period at the value and a missing deletionTimestamp at the key', () => {
    const diags = of(lint(`${HEAD}metadata:\n  name: jane\n  deletionGracePeriodSeconds: -5\n`, { preset: 'export' }));
    expect(spans(diags)).toEqual([
      ['meta/deletion-grace', 5, 3, 5, 29],
      ['meta/deletion-grace', 5, 31, 5, 33],
    ]);
    expect(diags.map((d) => d.message)).toEqual([
      'metadata.deletionGracePeriodSeconds is set without metadata.deletionTimestamp.',
      'metadata.deletionGracePeriodSeconds is -5: a grace period cannot be negative.',
    ]);
  });
});

describe('meta/managed-fields', () => {
  it('reports missing fields at the entry, an empty one at its key, and a bad apiVersion at the value', () => {
    const text = `${HEAD}metadata:
  name: jane
  managedFields:
    - manager: ui
      apiVersion: a/b/c
      fieldsType: FieldsV1
      time: "2024-01-01T00:00:00Z"
    - manager: ui
      apiVersion: management.platform/v1
      fieldsType: FieldsV1
      operation: Apply
      time:
`;
    const diags = of(lint(text, { preset: 'export' }));
    expect(spans(diags)).toEqual([
      ['meta/managed-fields', 6, 7, 6, 18],
      ['meta/managed-fields', 7, 19, 7, 24],
      ['meta/managed-fields', 14, 7, 14, 11],
    ]);
    expect(diags.map((d) => d.message)).toEqual([
      'metadata.managedFields[0] has no operation: the server rejects an entry whose operation is not Apply or Update.',
      'metadata.managedFields[0].apiVersion "a/b/c" is not of the form group/version.',
      'metadata.managedFields[1] has no time: the server records when each entry was written; an entry without one was not written by the server.',
    ]);
  });

  it('limits manager names to 128 bytes, counted in UTF-8', () => {
    const entry = (manager: string): string =>
      `${HEAD}metadata:\n  name: jane\n  managedFields:\n    - {manager: "${manager}", apiVersion: v1, fieldsType: FieldsV1, operation: Apply, time: "2024-01-01T00:00:00Z"}\n`;
    expect(of(lint(entry('é'.repeat(64)), { preset: 'export' }))).toEqual([]);
    const diags = of(lint(entry('é'.repeat(65)), { preset: 'export' }));
    expect(diags.map((d) => d.message)).toEqual([
      'metadata.managedFields[0].manager is 130 bytes long.',
    ]);
  });
});
