import { describe, expect, it } from 'vitest';
import { atText, embeddedCandidate, looksLikePlatformConfig } from '../../src/engine/embedded.js';
import { lintResult } from '../helpers/lint.js';

const AUDIT_WITHOUT_PATH = 'audit:\n  enabled: true\n  level: 1\n';
const indent = (text: string, by: string): string => text.replace(/^(?=.)/gm, by);

describe('embedded configurations in the engine', () => {
  it('recognises a mapping with two sections of the configuration, not one', () => {
    expect(looksLikePlatformConfig({ auth: {}, vault: {} })).toBe(true);
    expect(looksLikePlatformConfig({ auth: {}, replicas: 2 })).toBe(false);
    expect(embeddedCandidate({ image: { tag: '1' }, platform: { audit: {}, uiSettings: {} } })).toEqual(['platform']);
    expect(embeddedCandidate({ config: { auth: {} } })).toBeUndefined();
  });

  it('finds the configuration as text in a Secret, not in another kind', () => {
    const text = 'auth: {}\napps: {}\n';
    expect(embeddedCandidate({ kind: 'Secret', stringData: { 'config.yaml': text } })).toEqual(['stringData', 'config.yaml']);
    expect(embeddedCandidate({ kind: 'Secret', data: { other: 'eA==', config: Buffer.from(text).toString('base64') } })).toEqual(['data', 'config']);
    expect(embeddedCandidate({ kind: 'ConfigMap', data: { config: text } })).toBeUndefined();
    expect(embeddedCandidate({ kind: 'Secret', stringData: { config: 'just: text' } })).toBeUndefined();
  });

  it('writes a path with a dotted key as a list of keys', () => {
    expect(atText(['stringData', 'config.yaml'])).toBe('[stringData, config.yaml]');
    expect(atText(['stringData', 'config'])).toBe('stringData.config');
  });

  it('lints a platform manifest in a matched file as usual, and the path in the other documents', () => {
    const text = `apiVersion: management.platform/v1\nkind: Config\nmetadata:\n  name: p\nstatus:\n${indent(AUDIT_WITHOUT_PATH, '  ')}---\nreplicas: "x"\n---\nconfig:\n${indent(AUDIT_WITHOUT_PATH, '  ')}`;
    const result = lintResult(text, { embedded: [{ at: ['config'], as: 'Config' }] });
    expect(result.diagnostics.map((d) => [d.ruleId, d.line, d.column, d.path, d.embedded])).toEqual([
      ['audit/path', 6, 3, '/status/audit', undefined],
      ['audit/path', 13, 3, '/config/audit', '/config'],
    ]);
    expect(result.skips?.map((s) => [s.line, s.reason])).toEqual([[10, "no apiVersion or kind, and fields that are not a platform object's, and no value at the path of its embedded entry"]]);
  });

  it('takes the first entry whose path the document holds', () => {
    const text = `values:\n  config:\n${indent(AUDIT_WITHOUT_PATH, '    ')}config:\n  auth: {}\n`;
    const result = lintResult(text, { embedded: [{ at: ['values', 'config'], as: 'Config' }, { at: ['config'], as: 'Config' }] });
    expect(result.diagnostics.map((d) => [d.ruleId, d.line, d.embedded])).toEqual([['audit/path', 3, '/values/config']]);
  });

  it('says nothing of an empty block or an empty text', () => {
    expect(lintResult('config: {}\n', { embedded: [{ at: ['config'], as: 'Config' }] }).diagnostics).toEqual([]);
    expect(lintResult('config: ""\n', { embedded: [{ at: ['config'], as: 'Config' }] }).diagnostics).toEqual([]);
  });
});
