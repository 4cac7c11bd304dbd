import { describe, expect, it } from 'vitest';
import { serializeBaseline } from '../../src/suppressions/baseline.js';
import { BROKEN_USER as USER, Client, TEST_MS, workspace } from './client.js';

describe('platlint lsp with a baseline and exceptions', () => {
  it('hides in the editor what they hide on the command line', async () => {
    const root = workspace({
      '.platlint.yaml': 'exceptions:\n  - rules: [schema/unknown-field]\n    objects: [User/jane]\n    reason: Renamed by the next migration\n',
      '.platlint-baseline.json': serializeBaseline([{ file: 'users/jane.yaml', object: 'User/jane', rule: 'schema/type', path: '/spec/tokenGeneration' }]),
    });
    const client = new Client(root);
    await client.initialize();
    const jane = await client.open('users/jane.yaml', USER);
    expect((await client.diagnostics(jane)).diagnostics).toEqual([]);
    // Another object: neither the exception nor the entry is about it.
    const joe = await client.open('users/joe.yaml', USER.replace('name: jane', 'name: joe'));
    expect((await client.diagnostics(joe)).diagnostics.map((d) => [d.code, d.range.start.line])).toEqual([
      ['schema/unknown-field', 6],
      ['schema/type', 7],
    ]);
    await client.stop();
  }, TEST_MS);
});
