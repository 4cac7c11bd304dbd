import { describe, expect, it } from 'vitest';
import { objectsIn } from '../../src/change/objects.js';

const USER = ['apiVersion: management.platform/v1', 'kind: User', 'metadata:', '  name: jane-doe', '  uid: 7c1e', 'spec:', '  username: jane'];

describe('objectsIn', () => {
  it('reads a previous version whose lines end in a lone CR as the linted file is read (YAML counts it a line break)', () => {
    for (const eol of ['\n', '\r\n', '\r']) {
      const [object, ...rest] = objectsIn(`${USER.join(eol)}${eol}`, 'old.yaml');
      expect(rest, JSON.stringify(eol)).toEqual([]);
      expect(object?.data, JSON.stringify(eol)).toEqual({ apiVersion: 'management.platform/v1', kind: 'User', metadata: { name: 'jane-doe', uid: '7c1e' }, spec: { username: 'jane' } });
      expect(object?.uid).toBe('7c1e');
    }
  });
});
