import { describe, expect, it } from 'vitest';
import type { Diagnostic } from '../../src/engine/types.js';
import { lintStatus, of } from '../helpers/config.js';
import { spans } from '../helpers/lint.js';

describe('database/data-source', () => {
  const source = (value: string): Diagnostic[] =>
    of('database/data-source', lintStatus(`  database:\n    enabled: true\n    dataSource: ${value}\n`));

  it('accepts both documented forms', () => {
    expect(source('mysql://user:pass@tcp(host:3306)/db')).toEqual([]);
    expect(source('postgres://user:pass@host:5432/db')).toEqual([]);
    expect(source('postgresql://user:pass@host:5432/db?sslmode=require')).toEqual([]);
    expect(source('mysql://user:pass@/db')).toEqual([]);
  });

  it('reports a MySQL host without tcp(), at the value, without printing the password', () => {
    const d = source('mysql://user:hunter2@db.example.com:3306/db');
    expect(spans(d)).toEqual([['database/data-source', 8, 17, 8, 60]]);
    expect(d[0]?.message).toBe(
      'status.database.dataSource names the MySQL server without its protocol.',
    );
  });

  it('never prints any part of the value but its scheme', () => {
    const secret = 'Xq/7%zzK:9Jw';
    const values = [
      `postgres://user:${secret}@host/db`,
      `user:${secret}@tcp(host)/db`,
      `mysql://user:${secret}@udp(host)/db`,
      `Mysql://user:${secret}@tcp(host)/db`,
      `redis://user:${secret}@host/0`,
      `user:${secret}@host://x`,
    ];
    for (const value of values) {
      const d = source(JSON.stringify(value));
      expect(d, value).toHaveLength(1);
      for (const piece of ['Xq', '7%', '%zz', 'zzK', ':9Jw', '9Jw']) expect(d[0]?.message, value).not.toContain(piece);
    }
  });

  it('reports the scheme case and unsupported schemes', () => {
    expect(source('MySQL://u@tcp(h:3306)/db').map((x) => x.message)).toEqual([
      'status.database.dataSource starts with "MySQL://", but schemes are matched exactly.',
    ]);
    expect(source('https://etcd.example.com:2379').map((x) => x.message.split(',')[0])).toEqual([
      'status.database.dataSource starts with "https://"',
    ]);
  });

  it('skips whole-value environment references and empty values', () => {
    expect(source('$DATA_SOURCE')).toEqual([]);
    expect(source('"${DATA_SOURCE}"')).toEqual([]);
    expect(source('""')).toEqual([]);
  });
});
