import { describe, expect, it } from 'vitest';
import { lintStatus, of } from '../helpers/config.js';
import { spans } from '../helpers/lint.js';

describe('storage/storage-class', () => {
  it('flags "-" and "" as info in every storage class, not null', () => {
    const d = of(
      'storage/storage-class',
      lintStatus('  platformDB:\n    storageClass: "-"\n  costControl:\n    global:\n      metrics:\n        storage:\n          storageClass: ""\n    cluster:\n      metrics:\n        storage:\n          storageClass: null\n'),
    );
    expect(spans(d)).toEqual([
      ['storage/storage-class', 7, 19, 7, 22],
      ['storage/storage-class', 12, 25, 12, 27],
    ]);
    expect(d.map((x) => x.severity)).toEqual(['info', 'info']);
    expect(d[0]?.message).toBe(
      'status.platformDB.storageClass is "-", which disables dynamic provisioning.',
    );
    expect(d[1]?.message).toContain('storage.storageClass is the empty string "", which disables');
  });

  it('does not report a key without a value (the cluster default)', () => {
    expect(of('storage/storage-class', lintStatus('  platformDB:\n    storageClass:\n'))).toEqual([]);
  });
});
