/**
 * The playground's worker session (src/playground/session.ts) answers completion and signature help as the language
 * server does, in the page's offsets: in the text as typed, before any lint with the built-in rules, after one with
 * the Kubernetes version of the settings linted. test/e2e/playground.test.ts drives the page's list in Chromium.
 */
import { describe, expect, it } from 'vitest';
import type { PageCompletion, PageSignatureHelp, Reply } from '../../src/playground/protocol.js';
import { PlaygroundSession } from '../../src/playground/session.js';
import { useNodeHost } from '../../src/project/node-host.js';
import { policyText } from '../lsp/policy-file.js';

const POLICY = policyText(`      match: {kinds: [User]}
      expression: "object.spec.em"
      message: m
`);

async function complete(session: PlaygroundSession, editor: 'manifest' | 'config' | 'policy', text: string, offset: number): Promise<PageCompletion[]> {
  const reply: Reply = await session.handle({ id: 1, type: 'complete', editor, text, offset });
  if (reply.type !== 'complete') throw new Error(`no completion: ${JSON.stringify(reply)}`);
  return reply.completions;
}

async function signatureHelp(session: PlaygroundSession, editor: 'manifest' | 'policy', text: string, offset: number): Promise<PageSignatureHelp | null> {
  const reply: Reply = await session.handle({ id: 1, type: 'signature', editor, text, offset });
  if (reply.type !== 'signature') throw new Error(`no signature help: ${JSON.stringify(reply)}`);
  return reply.help;
}

describe("the playground's completion", () => {
  useNodeHost();

  it("offers a policy's fields with the edit that replaces what is typed, in UTF-16 offsets", async () => {
    const offset = POLICY.indexOf('em"') + 2;
    const completions = await complete(new PlaygroundSession(), 'policy', POLICY, offset);
    const email = completions.find((c) => c.label === 'email');
    expect(email).toEqual({
      label: 'email',
      type: 'property',
      detail: 'string',
      documentation: expect.stringMatching(/^\*\*email\*\*: string\n\n`spec\.email`/) as unknown as string,
      edit: { from: offset - 2, to: offset, insert: 'email' },
      sortText: expect.any(String) as unknown as string,
    });
    // The server gives no sortText to fields: their order is its list's.
    expect(completions.slice(0, 3).map((c) => [c.label, c.sortText])).toEqual([['displayName', '0000'], ['description', '0001'], ['owner', '0002']]);
  });

  it("offers CEL's names with their kinds, in the Kubernetes version of the settings linted last", async () => {
    const text = POLICY.replace('object.spec.em', 'quan');
    const offset = text.indexOf('quan') + 4;
    const session = new PlaygroundSession();
    const newest = await complete(session, 'policy', text, offset);
    expect(newest.find((c) => c.label === 'quantity')).toMatchObject({ type: 'function', detail: 'quantity(string) -> kubernetes.Quantity', sortText: '1quantity', edit: { from: offset - 4, to: offset, insert: 'quantity' } });
    expect(newest.find((c) => c.label === 'self')).toMatchObject({ type: 'variable', detail: 'User' });
    expect(newest.find((c) => c.label === 'has')?.type).toBe('keyword');
    expect(newest.find((c) => c.label === 'null')?.type).toBe('constant');
    await session.handle({ id: 2, type: 'lint', texts: { manifest: '', config: 'kubernetesVersion: "1.27"\n', policy: text } });
    expect((await complete(session, 'policy', text, offset)).map((c) => c.label)).not.toContain('quantity');
  });

  it('offers a manifest\'s fields before anything is linted, and the settings\' keys in .platlint.yaml', async () => {
    const session = new PlaygroundSession();
    const manifest = 'apiVersion: management.platform/v1\nkind: User\nmetadata:\n  name: jane\nspec:\n  user';
    const fields = await complete(session, 'manifest', manifest, manifest.length);
    expect(fields.find((c) => c.label === 'username')).toMatchObject({ type: 'property', edit: { from: manifest.length - 4, to: manifest.length, insert: 'username: ' } });
    const config = await complete(session, 'config', 'kubern', 6);
    expect(config.map((c) => [c.label, c.edit])).toContainEqual(['kubernetesVersion', { from: 0, to: 6, insert: 'kubernetesVersion: ' }]);
  });
});

describe("the playground's signature help", () => {
  useNodeHost();

  it('gives the forms of the call being written, the chosen one and its argument as offsets in it', async () => {
    const text = POLICY.replace('object.spec.em', "isSemver('1.0.0', ");
    const offset = text.indexOf(', "') + 2;
    const session = new PlaygroundSession();
    expect(await signatureHelp(session, 'policy', text, offset)).toEqual({ forms: ['isSemver(string) -> bool', 'isSemver(string, bool) -> bool'], active: 1, parameter: [17, 21] });
    // Kubernetes 1.27 has no isSemver: nothing to show once the settings asking for it are linted.
    await session.handle({ id: 2, type: 'lint', texts: { manifest: '', config: 'kubernetesVersion: "1.27"\n', policy: text } });
    expect(await signatureHelp(session, 'policy', text, offset)).toBeNull();
  });

  it('gives nothing outside a call, nor in a manifest', async () => {
    const session = new PlaygroundSession();
    expect(await signatureHelp(session, 'policy', POLICY, POLICY.indexOf('em"') + 2)).toBeNull();
    const manifest = 'apiVersion: management.platform/v1\nkind: User\nmetadata:\n  name: size(';
    expect(await signatureHelp(session, 'manifest', manifest, manifest.length)).toBeNull();
  });
});

describe("the playground's quick fixes in the policy", () => {
  useNodeHost();

  it('replace a misspelt name its problem names with the one meant, at its offsets in the policy as linted', async () => {
    const policy = policyText('      match: {kinds: [User]}\n      expression: "object.spec.emial != \'\'"\n      message: m\n');
    const reply: Reply = await new PlaygroundSession().handle({ id: 1, type: 'lint', texts: { manifest: '', config: '', policy } });
    if (reply.type !== 'lint') throw new Error(`no lint: ${JSON.stringify(reply)}`);
    const from = policy.indexOf('emial');
    expect(reply.diagnostics.filter((d) => d.editor === 'policy').map((d) => [d.ruleId, d.fixes])).toEqual([
      ['policy/invalid', [{ title: 'Replace "emial" with "email"', preferred: false, edits: [{ from, to: from + 5, insert: 'email' }] }]],
    ]);
  });
});
