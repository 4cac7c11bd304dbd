import { describe, expect, it } from 'vitest';
import { builtinRules } from '../../rules/index.js';
import ruleErrorRule from '../../rules/internal/rule-error/index.js';
import { FileReporter, SUPPRESS_NOTHING, type DiagnosticSubject, type Suppressor } from '../../src/engine/reporter.js';
import { lintText } from '../../src/engine/lint.js';
import { presetSettings } from '../../src/engine/presets.js';
import type { Diagnostic, Rule } from '../../src/engine/types.js';
import type { LintTarget } from '../../src/engine/document.js';

const RULE: Rule = {
  meta: { id: 'acme/value', description: 'Value', severity: 'warning', sources: ['spec'] },
  messages: { bad: { text: 'The value {{value}} is wrong.', note: 'Write {{better}} instead.' }, loud: { text: 'Loud {{value}}.', severity: 'info' } },
};
const BROAD: Rule = { meta: { id: 'acme/broad', description: 'Broad', severity: 'error', sources: ['spec'] }, messages: { bad: 'Something is off.' } };
const NARROW: Rule = { meta: { id: 'acme/narrow', description: 'Narrow', severity: 'error', sources: ['spec'], supersedes: ['acme/broad'] }, messages: { bad: 'This exact thing is off.' } };
const TEXT = 'a: 1\nb: two\nc: 3\n';

describe('FileReporter: a finding becomes a diagnostic in one place', () => {
  it('takes severity from the settings (else the message, else the rule), message and note from the rule, docs from docsUrl', () => {
    const sink = new FileReporter({ text: TEXT, settings: new Map([['acme/broad', { severity: 'info' }]]), docsUrl: (id) => `https://docs/${id}` });
    sink.report({ rule: RULE, messageId: 'bad', data: { value: 'two', better: '2' }, range: [8, 11], pointer: '/b', document: 0 });
    sink.report({ rule: RULE, messageId: 'loud', data: { value: 'a' }, range: [0, 1], pointer: '/a', document: 0 });
    sink.report({ rule: BROAD, messageId: 'bad', range: [15, 16], pointer: '/c', document: 0 });
    expect(sink.finish({ withFrames: false }).diagnostics).toEqual([
      { ruleId: 'acme/value', severity: 'info', message: 'Loud a.', line: 1, column: 1, endLine: 1, endColumn: 2, path: '/a', document: 0, docsUrl: 'https://docs/acme/value' },
      { ruleId: 'acme/value', severity: 'warning', message: 'The value two is wrong.', note: 'Write 2 instead.', line: 2, column: 4, endLine: 2, endColumn: 7, path: '/b', document: 0, docsUrl: 'https://docs/acme/value' },
      { ruleId: 'acme/broad', severity: 'info', message: 'Something is off.', line: 3, column: 4, endLine: 3, endColumn: 5, path: '/c', document: 0, docsUrl: 'https://docs/acme/broad' },
    ]);
  });

  it('drops superseded and repeated diagnostics, and frames the lines around the rest', () => {
    const sink = new FileReporter({ text: TEXT, settings: new Map() });
    for (const rule of [BROAD, NARROW, NARROW]) sink.report({ rule, messageId: 'bad', range: [8, 11], pointer: '/b', document: 0 });
    sink.report({ rule: BROAD, messageId: 'bad', range: [0, 1], pointer: '/a', document: 0 });
    const { diagnostics, frameLines } = sink.finish({ withFrames: true });
    expect(diagnostics.map((d) => [d.ruleId, d.line])).toEqual([['acme/broad', 1], ['acme/narrow', 2]]);
    expect([...(frameLines ?? [])]).toEqual([[1, 'a: 1'], [2, 'b: two']]);
  });

  it('keeps what a superseded rule says of another value at the same range (positions collapsed onto one scalar)', () => {
    const sink = new FileReporter({ text: TEXT, settings: new Map() });
    sink.report({ rule: NARROW, messageId: 'bad', range: [8, 11], pointer: '/b/x', document: 0 });
    sink.report({ rule: BROAD, messageId: 'bad', range: [8, 11], pointer: '/b/y', document: 0 });
    expect(sink.finish({ withFrames: false }).diagnostics.map((d) => [d.ruleId, d.path])).toEqual([
      ['acme/broad', '/b/y'],
      ['acme/narrow', '/b/x'],
    ]);
  });

  it("scrubs secrets whole from a message, and their pieces from what it quotes but not from the rule's own words", () => {
    const secrets = { ranges: [], values: new Set(['not base64 at all', 'Wh0le']), pieces: new Set(['base64']) };
    const WORDS: Rule = { meta: { id: 'acme/words', description: 'Words', severity: 'error', sources: ['spec'] }, messages: { bad: { text: 'Not base64: {{value}} (Wh0le).', note: 'Write base64, not {{value}}.' } } };
    const sink = new FileReporter({ text: TEXT, settings: new Map() });
    sink.report({ rule: WORDS, messageId: 'bad', data: { value: 'base64? not base64 at all' }, range: [0, 1], pointer: '/a/Wh0le', document: 0, inside: 'in base64' });
    const elsewhere: Diagnostic = { ruleId: 'acme/words', severity: 'error', message: 'made elsewhere: base64', line: 1, column: 1, endLine: 1, endColumn: 2, path: '/b', document: 0 };
    sink.relocate(elsewhere, { range: [5, 6], pointer: '/b', document: 0 });
    expect(sink.finish({ withFrames: false, secrets: () => secrets }).diagnostics.map(({ message, note, path }) => ({ message, note, path }))).toEqual([
      { message: 'Not base64: ****? **** (****). (in ****)', note: 'Write base64, not ****? ****.', path: '/a/****' },
      { message: 'made elsewhere: ****', note: undefined, path: '/b' },
    ]);
  });

  it("offers an unfixable rule's fix as its first suggestion, named after the message as scrubbed, and keeps a fixable rule's", () => {
    const FIXING: Rule = { meta: { id: 'acme/fixing', description: 'Fixing', severity: 'error', sources: ['spec'], fixable: true }, messages: { bad: 'The key {{key}} is misspelt. Really.' } };
    const settings = new Map([['acme/fixing', { unfixable: true as const }]]);
    const fix = { edits: [{ start: 0, end: 1, text: 'z' }] };
    const suggestion = { description: 'Write y', edits: [{ start: 0, end: 1, text: 'y' }] };
    const sink = new FileReporter({ text: TEXT, settings });
    sink.report({ rule: FIXING, messageId: 'bad', data: { key: 'S3cretKey' }, range: [0, 1], pointer: '/a', document: 0, fix, suggestions: [suggestion] });
    sink.report({ rule: { ...FIXING, meta: { ...FIXING.meta, id: 'acme/other' } }, messageId: 'bad', data: { key: 'b' }, range: [5, 6], pointer: '/b', document: 0, fix });
    const secrets = { ranges: [], values: new Set(['S3cretKey']), pieces: new Set<string>() };
    expect(sink.finish({ withFrames: false, secrets: () => secrets }).diagnostics.map(({ ruleId, fix, suggestions }) => ({ ruleId, fix, suggestions }))).toEqual([
      { ruleId: 'acme/fixing', fix: undefined, suggestions: [{ description: 'Fix: The key **** is misspelt', edits: fix.edits }, suggestion] },
      { ruleId: 'acme/other', fix, suggestions: undefined },
    ]);
  });

  it('drops a fix or a suggestion that would write a secret, and scrubs what a suggestion says', () => {
    const QUOTING: Rule = { meta: { id: 'acme/quoting', description: 'Quoting', severity: 'error', sources: ['spec'], fixable: true }, messages: { bad: 'Quote it.' } };
    const sink = new FileReporter({ text: TEXT, settings: new Map() });
    const writes = (text: string) => ({ edits: [{ start: 0, end: 1, text }] });
    sink.report({ rule: QUOTING, messageId: 'bad', range: [0, 1], pointer: '/a', document: 0, fix: writes('"S3cret99"'), suggestions: [{ description: 'Quote "S3cret99"', ...writes('"S3cret99"') }, { description: 'Remove S3cret99', ...writes('') }] });
    sink.report({ rule: QUOTING, messageId: 'bad', range: [5, 6], pointer: '/b', document: 0, fix: writes('two'), suggestions: [{ description: 'Write "S3cret99"', ...writes('S3cret99') }] });
    const secrets = { ranges: [], values: new Set(['S3cret99']), pieces: new Set<string>() };
    expect(sink.finish({ withFrames: false, secrets: () => secrets }).diagnostics.map(({ fix, suggestions }) => ({ fix, suggestions }))).toEqual([
      { fix: undefined, suggestions: [{ description: 'Remove ****', edits: [{ start: 0, end: 1, text: '' }] }] },
      { fix: writes('two'), suggestions: undefined },
    ]);
  });

  it('moves a diagnostic made from another text to a place in this one, without its edits', () => {
    const sink = new FileReporter({ text: TEXT, settings: new Map() });
    const elsewhere: Diagnostic = { ruleId: 'acme/value', severity: 'error', message: 'm', line: 9, column: 9, endLine: 9, endColumn: 10, path: '/x', document: 3, fix: { edits: [{ start: 0, end: 1, text: '' }] } };
    sink.relocate(elsewhere, { range: [5, 6], pointer: '/b', document: 0 });
    expect(sink.finish({ withFrames: false }).diagnostics).toEqual([{ ruleId: 'acme/value', severity: 'error', message: 'm', line: 2, column: 1, endLine: 2, endColumn: 2, path: '/b', document: 0 }]);
  });

  it('reports nothing of a rule the settings turn off, nor of one outside the run, but always an alwaysOn rule', () => {
    const off = new Map([['acme/broad', { severity: 'off' as const }], ['internal/rule-error', { severity: 'off' as const }]]);
    const ids = (reporter: FileReporter): string[] => {
      for (const rule of [BROAD, NARROW, ruleErrorRule]) {
        reporter.report({ ...(rule === ruleErrorRule ? ruleErrorRule.finding('failed', { rule: 'acme/x', detail: 'boom' }) : { rule, messageId: 'bad' }), range: [0, 1], pointer: '', document: 0 });
      }
      return reporter.finish({ withFrames: false }).diagnostics.map((d) => `${d.ruleId} ${d.severity}`);
    };
    expect(ids(new FileReporter({ text: TEXT, settings: off }))).toEqual(['acme/narrow error', 'internal/rule-error error']);
    expect(ids(new FileReporter({ text: TEXT, settings: new Map(), rules: [BROAD] }))).toEqual(['acme/broad error', 'internal/rule-error error']);
  });

  it('does not place a report on an object when its rule is off: the target is not asked where the path is', () => {
    const asked: string[] = [];
    // A target that records what it is asked: an off rule's report must not reach its positions or its fixes.
    const target = new Proxy({}, { get: (_, key) => (key === 'embedded' ? undefined : (asked.push(String(key)), () => [0, 1])) }) as unknown as LintTarget;
    const reporter = new FileReporter({ text: TEXT, settings: new Map([['acme/broad', { severity: 'off' as const }]]) });
    reporter.reportOn(target, BROAD, { messageId: 'bad', path: ['b'], fix: { op: 'remove', path: ['b'] } });
    expect(asked).toEqual([]);
    expect(reporter.finish({ withFrames: false }).diagnostics).toEqual([]);
  });

  it('spans a line from an offset to its end, a CRLF line without its CR, and an empty line by one character', () => {
    const reporter = new FileReporter({ text: 'ab\r\n\ncd', settings: new Map() });
    expect([reporter.toLineEnd(0), reporter.toLineEnd(1), reporter.toLineEnd(4), reporter.toLineEnd(5)]).toEqual([[0, 2], [1, 2], [4, 5], [5, 7]]);
  });

  it('places a 1-based line and column given as text', () => {
    const sink = new FileReporter({ text: TEXT, settings: new Map() });
    expect([sink.offsetAt(2, 4), sink.offsetAt(1, 1), sink.offsetAt(9, 1)]).toEqual([8, 0, TEXT.length]);
  });
});

describe('the suppression hook (baseline and exceptions, issue 28)', () => {
  const SECRET = 'apiVersion: management.platform/v1\nkind: Config\nmetadata:\n  name: config\nstatus:\n  auth:\n    oidc:\n      issuerUrl: hunter2-secret\n      clientId: platform\n      clientSecret: hunter2-secret\n      colour: red\n';
  const lintWith = (suppressor?: Suppressor): Diagnostic[] => {
    const settings = presetSettings('recommended', builtinRules);
    return lintText(SECRET, { filename: 'config.yaml', rules: builtinRules, settings, ...(suppressor ? { suppressor } : {}) }).diagnostics;
  };

  it('suppresses nothing by default', () => {
    const first = lintWith()[0] as Diagnostic;
    expect(SUPPRESS_NOTHING.suppression(first, { object: 'Config/config', pointer: first.path })).toBeUndefined();
    expect(lintWith(SUPPRESS_NOTHING)).toEqual(lintWith());
  });

  it('moves what the suppressor says to `suppressed`, showing it each diagnostic as reported, secrets scrubbed, with its object', () => {
    const seen: [Diagnostic, DiagnosticSubject][] = [];
    const options = { filename: 'config.yaml', rules: builtinRules, settings: presetSettings('recommended', builtinRules) };
    const result = lintText(SECRET, {
      ...options,
      suppressor: {
        suppression: (d, subject) => {
          seen.push([d, subject]);
          return d.ruleId === 'schema/unknown-field' ? { by: 'exception', entry: 0, reason: 'why' } : undefined;
        },
      },
    });
    const all = lintWith();
    expect(all.map((d) => d.ruleId)).toContain('schema/unknown-field');
    expect(seen.map(([d]) => d)).toEqual(all);
    expect(seen.map(([, subject]) => subject.object)).toEqual(all.map(() => 'Config/config'));
    expect(seen.map(([d, subject]) => subject.pointer === d.path)).toEqual(all.map(() => true));
    expect(result.diagnostics).toEqual(all.filter((d) => d.ruleId !== 'schema/unknown-field'));
    expect(result.suppressed).toEqual(all.filter((d) => d.ruleId === 'schema/unknown-field').map((d) => ({ ...d, by: 'exception', entry: 0, reason: 'why' })));
    // The issuer's message quotes its value, which is also the client secret.
    expect(seen.find(([d]) => d.ruleId === 'auth/oidc-issuer')?.[0].message).toBe('status.auth.oidc.issuerUrl is "****", not an absolute URL (missing scheme (e.g. https://)).');
  });

  it('names a List item by its kind and name, with its data path inside it', () => {
    const list = 'apiVersion: v1\nkind: List\nitems:\n  - apiVersion: management.platform/v1\n    kind: User\n    metadata:\n      name: ann\n    spec:\n      tokenGeneration: "3"\n';
    const subjects: DiagnosticSubject[] = [];
    lintText(list, { filename: 'list.yaml', rules: builtinRules, settings: presetSettings('recommended', builtinRules), suppressor: { suppression: (_d, subject) => void subjects.push(subject) } });
    expect(subjects).toEqual([{ object: 'User/ann', pointer: '/spec/tokenGeneration' }]);
  });
});
