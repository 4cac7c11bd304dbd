import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { isIP } from 'node:net';
import { describe, expect, it } from 'vitest';
import { builtinRules } from '../../rules/index.js';
import { celTwins } from '../../rules/twins.js';
import { IP_ADDRESS } from '../../rules/user/email/twin.js';
import { messageSpec } from '../../src/engine/settings.js';
import { parseEmail } from '../../src/formats/email.js';
import { parseAbsoluteUrl } from '../../src/formats/url.js';
import { CelEnvironment, DYN } from '../../src/policy/cel/index.js';
import { twinCheckId } from '../../src/policy/export/builtin.js';

const ROOT = join(import.meta.dirname, '../..');
const environment = new CelEnvironment('1.30');

/** The twin check of a rule, as a function of `self` (the value at its given path). */
function checkOf(ruleId: string, index = 0): (self: unknown) => boolean {
  const check = celTwins.find((t) => t.rule.meta.id === ruleId)?.checks[index];
  if (!check) throw new Error(`no twin check ${ruleId}[${index}]`);
  const compiled = environment.compile(check.expression, { self: DYN, object: DYN, oldObject: DYN });
  if (!compiled.ok) throw new Error(compiled.error.message);
  return (self) => {
    const result = compiled.program.evaluate({ self: self as never });
    if (result.kind !== 'value') throw new Error(`${ruleId}: ${result.message}`);
    return result.value === true;
  };
}

describe('the CEL twins', () => {
  it('are those of the User rules: user/*, the User security/* rules and the User change/* rules', () => {
    const userRules = builtinRules.filter((r) => r.meta.kinds?.length === 1 && r.meta.kinds[0] === 'User').map((r) => r.meta.id);
    expect(celTwins.map((t) => t.rule.meta.id).sort()).toEqual(userRules.sort());
    for (const twin of celTwins) expect(builtinRules).toContain(twin.rule);
  });

  it('live beside their rules, in twin.ts', () => {
    for (const twin of celTwins) expect([twin.rule.meta.id, existsSync(join(ROOT, 'rules', twin.rule.meta.id, 'twin.ts'))]).toEqual([twin.rule.meta.id, true]);
  });

  it("cover each message of their rule once, and a check's messages share one severity", () => {
    for (const twin of celTwins) {
      const { meta } = twin.rule;
      const covered = twin.checks.flatMap((c) => c.messages);
      expect([meta.id, [...covered].sort()]).toEqual([meta.id, Object.keys(twin.rule.messages).sort()]);
      for (const check of twin.checks) {
        const severities = new Set(check.messages.map((m) => messageSpec(twin.rule, m).severity ?? meta.severity));
        expect([twinCheckId(twin, check), severities.size]).toEqual([twinCheckId(twin, check), 1]);
      }
    }
  });

  it('are listed in docs/cluster-policies.md, each check with its id', () => {
    const page = readFileSync(join(ROOT, 'docs/cluster-policies.md'), 'utf8');
    const listed = [...page.matchAll(/^\| \[`([a-z-]+\/[a-z-]+)`\]\(\.\.\/rules\/[a-z-]+\/[a-z-]+\/twin\.ts\) \| ([^|]+) \|/gm)].map((m) => m[1]);
    expect(listed).toEqual(celTwins.map((t) => t.rule.meta.id));
    for (const twin of celTwins) for (const check of twin.checks) expect(page).toContain(`\`${twinCheckId(twin, check)}\``);
  });
});

describe('the twins decide values as the rules parse them', () => {
  const EMAIL_CHARS = ['a', 'b', '.', '@', '"', '\\', ' ', '\t', '[', ']', '1', ':', 'f', '<', '>', '(', ')', 'é', '%', '-', ',', ';', '\u0001', '😀'];

  it('user/email: the RE2 expression accepts exactly the bare addresses of src/formats/email.ts', () => {
    const email = checkOf('user/email');
    const addresses = fc.oneof(
      fc.array(fc.constantFrom(...EMAIL_CHARS), { minLength: 1, maxLength: 14 }).map((c) => c.join('')),
      fc.tuple(fc.constantFrom('a', '"a b"', 'a.b', '""', '"\\"'), fc.constantFrom('x.org', '[192.0.2.1]', '[::1]', '[::ffff:1.2.3.4]', '[1.2.3]', '[01.2.3.4]', '[fe80::1%eth0]', '[IPv6:::1]', '[1::2::3]')).map(([l, d]) => `${l}@${d}`),
    );
    fc.assert(
      fc.property(addresses, (address) => {
        expect([address, email(address)]).toEqual([address, parseEmail(address).ok]);
      }),
      { seed: 38, numRuns: 2000 },
    );
  });

  it("user/email: its IP address grammar is Node's net.isIP()", () => {
    const candidates = fc.array(fc.constantFrom('1', '0', '25', '255', '256', '01', 'f', 'ffff', '.', ':', '::', 'g'), { minLength: 1, maxLength: 10 }).map((p) => p.join(''));
    fc.assert(
      fc.property(candidates, (text) => {
        expect([text, new RegExp(`^${IP_ADDRESS}$`).test(text)]).toEqual([text, isIP(text) !== 0]);
      }),
      { seed: 38, numRuns: 3000 },
    );
  });

  it('user/icon: accepts exactly the absolute http(s) URLs with a host that src/formats/url.ts (Go url.Parse) reads', () => {
    const icon = checkOf('user/icon');
    const urls = fc
      .tuple(fc.constantFrom('http://', 'https://', 'HTTPS://', 'ftp://', '//', '', 'mailto:', 'http:'), fc.array(fc.constantFrom('a', '.', '/', '#', '%', '2', 'f', ' ', '?', ':', '@', '[', ']', '%zz', '::1', '\u007f'), { maxLength: 8 }))
      .map(([scheme, rest]) => scheme + rest.join(''));
    fc.assert(
      fc.property(urls, (url) => {
        const parsed = parseAbsoluteUrl(url);
        const valid = url === '' || (parsed.ok && (parsed.scheme === 'http' || parsed.scheme === 'https'));
        expect([url, icon(url)]).toEqual([url, valid]);
      }),
      { seed: 38, numRuns: 2000 },
    );
  });
});
