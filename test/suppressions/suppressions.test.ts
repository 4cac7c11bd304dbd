import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Diagnostic } from '../../src/engine/types.js';
import { messageHash, parseBaseline, serializeBaseline, type BaselineEntry } from '../../src/suppressions/baseline.js';
import { Suppressions } from '../../src/suppressions/suppressions.js';
import { createFileLinter } from '../../src/cli/parallel.js';
import { BROKEN_USER } from '../helpers/cli.js';
import { tempTree } from '../helpers/files.js';

const DIR = '/repo';

function diagnostic(ruleId: string, message: string): Diagnostic {
  return { ruleId, severity: 'error', message, line: 1, column: 1, endLine: 1, endColumn: 2, path: '/spec/x', document: 0 };
}

function suppressions(entries: BaselineEntry[], exceptions: ConstructorParameters<typeof Suppressions>[0]['exceptions'] = []): Suppressions {
  const path = join(DIR, '.platlint-baseline.json');
  return new Suppressions({ cwd: DIR, baseline: parseBaseline(path, serializeBaseline(entries)), messageHash, exceptions, configDir: DIR, today: '2026-11-24' });
}

const subject = { object: 'User/jane', pointer: '/spec/x' };
const entry = { file: 'users/jane.yaml', object: 'User/jane', rule: 'schema/type', path: '/spec/x' };

describe('baseline matching', () => {
  it('tells two problems on one path apart by the hash of their message, and matches a third by neither', () => {
    const two = suppressions([{ ...entry, hash: messageHash('first') }, { ...entry, hash: messageHash('second') }]);
    // Entries are numbered as the file lists them, sorted.
    const index = (message: string): number | undefined => two.options.baseline?.entries.findIndex((e) => e.hash === messageHash(message));
    expect([index('first'), index('second')].sort()).toEqual([0, 1]);
    const suppressor = two.forFile('users/jane.yaml');
    expect(suppressor?.suppression(diagnostic('schema/type', 'second'), subject)).toEqual({ by: 'baseline', entry: index('second') });
    expect(suppressor?.suppression(diagnostic('schema/type', 'first'), subject)).toEqual({ by: 'baseline', entry: index('first') });
    expect(suppressor?.suppression(diagnostic('schema/type', 'third'), subject)).toBeUndefined();
  });

  it('matches an entry without a hash whatever the message says, only in its file, object, rule and path', () => {
    const suppressor = suppressions([entry]).forFile(join(DIR, 'users/jane.yaml'));
    expect(suppressor?.suppression(diagnostic('schema/type', 'the value changed'), subject)).toEqual({ by: 'baseline', entry: 0 });
    expect(suppressor?.suppression(diagnostic('schema/type', 'x'), { ...subject, object: 'User/joe' })).toBeUndefined();
    expect(suppressor?.suppression(diagnostic('schema/type', 'x'), { ...subject, pointer: '/spec/y' })).toBeUndefined();
    expect(suppressor?.suppression(diagnostic('user/email', 'x'), subject)).toBeUndefined();
  });

  it('gives no suppressor at all for a file that no exception covers and the baseline has no entry for', () => {
    expect(suppressions([entry]).forFile('users/joe.yaml')).toBeUndefined();
    expect(suppressions([entry], [{ rules: ['schema/type'], reason: 'expired', expires: '2026-11-23' }]).forFile('users/joe.yaml')).toBeUndefined();
    const excepted = suppressions([entry], [{ rules: ['schema/type'], reason: 'deliberate' }]).forFile('users/joe.yaml');
    expect(excepted?.suppression(diagnostic('schema/type', 'x'), subject)).toEqual({ by: 'exception', entry: 0, reason: 'deliberate' });
  });

  it('lets an exception win over an entry (naming the entry it overlaps), and an expired exception suppress nothing', () => {
    const both = suppressions([entry], [{ rules: ['schema/type'], reason: 'deliberate' }, { rules: ['user/*'], reason: 'old', expires: '2026-11-23' }]).forFile('users/jane.yaml');
    expect(both?.suppression(diagnostic('schema/type', 'x'), subject)).toEqual({ by: 'exception', entry: 0, reason: 'deliberate', overlaps: 0 });
    expect(both?.suppression(diagnostic('user/email', 'x'), subject)).toBeUndefined();
  });

  it('sorts entries and writes one a line', () => {
    const text = serializeBaseline([{ ...entry, file: 'b.yaml' }, { ...entry, file: 'a.yaml', hash: 'abc' }]);
    expect(text.split('\n').slice(3, 5)).toEqual([
      '    {"file":"a.yaml","object":"User/jane","rule":"schema/type","path":"/spec/x","hash":"abc"},',
      '    {"file":"b.yaml","object":"User/jane","rule":"schema/type","path":"/spec/x"}',
    ]);
    expect(parseBaseline('/b.json', text).lines).toEqual([4, 5]);
  });
});

describe('worker threads', () => {
  it('apply the baseline they are given, as the main thread does', async () => {
    const dir = tempTree('platlint-worker-baseline-', { 'jane.yaml': BROKEN_USER });
    const path = join(dir, '.platlint-baseline.json');
    const baselineEntry = { file: 'jane.yaml', object: 'User/jane', rule: 'schema/type', path: '/spec/tokenGeneration' };
    writeFileSync(path, serializeBaseline([baselineEntry]));
    const lint = await createFileLinter({ cwd: dir, configPath: undefined, policyPaths: [], ruleFlags: [], withFrames: false, baseline: path, today: '2026-11-24' });
    const result = lint(join(dir, 'jane.yaml'));
    expect(result.diagnostics).toEqual([]);
    expect(result.suppressed?.map((d) => [d.ruleId, d.line, d.by, d.entry])).toEqual([['schema/type', 6, 'baseline', 0]]);
  });
});
