/**
 * Users made up from the values that decide the User rules (verbs in every case, subjects, cluster role names,
 * duplicates, addresses and URLs near the edges of their grammars, secret names around their limits, negative and
 * huge token generations, values of the wrong type), for round trips finer than the fixtures, which pack many
 * cases into one object. Drawn by fast-check from a fixed seed: the same objects on every run.
 */
import fc from 'fast-check';
import { stringify } from 'yaml';

const pick = <T>(...values: T[]): fc.Arbitrary<T> => fc.constantFrom(...values);
const optional = <T>(arb: fc.Arbitrary<T>): fc.Arbitrary<T | undefined> => fc.option(arb, { nil: undefined, freq: 3 });
const wrongType = pick<unknown>(5, true, null, 'text', { a: 1 });

const verb = pick<unknown>('get', 'list', 'create', 'update', 'patch', 'delete', 'bind', 'makeowner', '*', 'GET', 'Delete', 'MakeOwner', 'ma\u212aeowner', 'lsit', 'watch', '', 'read', 3, null);
const subject = pick<unknown>('*', 'alice', 'platform-admins', '', 7);
const subjects = fc.oneof({ weight: 4, arbitrary: fc.array(subject, { maxLength: 3 }) }, { weight: 1, arbitrary: wrongType });
const accessRule = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record(
      { name: pick<unknown>('ops', '', 'readers', null, 4), verbs: fc.oneof({ weight: 5, arbitrary: fc.array(verb, { maxLength: 4 }) }, { weight: 1, arbitrary: wrongType }), users: subjects, teams: subjects },
      { requiredKeys: [] },
    ),
  },
  { weight: 1, arbitrary: wrongType },
);
const clusterRole = fc.oneof({ weight: 5, arbitrary: fc.record({ name: pick<unknown>('platform-viewer', 'cluster-admin', 'admin', '', null, 5) }, { requiredKeys: [] }) }, { weight: 1, arbitrary: wrongType });
const group = pick<unknown>('team-a', 'team-b', 'team-a', 'ops', 1, null);

const EMAIL_CHARS = ['a', 'b', '.', '@', '"', '\\', ' ', '[', ']', '1', '2', ':', 'f', '<', '>', '(', ')', 'é', '%', '-', '+', '\t', ',', ';'];
const email = fc.oneof(
  pick('jane.doe@example.com', '"john doe"@example.com', 'root@localhost', 'a@[192.0.2.1]', 'a@[::1]', 'a@[::ffff:1.2.3.4]', 'a@[1.2.3]', 'a@[IPv6:::1]', 'a@[fe80::1%eth0]', '""@x', '"\\ "@x', 'a..b@x', '.a@x', 'a.@x', 'ü@example.com', '', 'Bob <bob@example.com>'),
  fc.array(pick(...EMAIL_CHARS), { minLength: 1, maxLength: 12 }).map((chars) => chars.join('')),
);
const URL_CHARS = ['a', '.', '/', '#', '%', '2', 'f', ' ', '?', ':', '@', '[', ']', 'x', '-', '%zz'];
const icon = fc.oneof(
  pick('https://avatars.example.com/jane.png', 'http://a', 'HTTPS://A.example/x', 'ftp://files.example.com/a.png', '/static/a.png', 'avatars.example.com/a.png', 'data:image/png;base64,AA==', 'https://exa mple.com/a', 'https:///a', 'https://:443/', 'https://[::1]/a', 'https://[zz]/', 'https://a.example/#frag', 'https://a.example#%zz', 'https://a.example/%zz', 'mailto:a@b', ''),
  fc.tuple(pick('http://', 'https://', 'ftp://', '//', '', 'HTTP://'), fc.array(pick(...URL_CHARS), { maxLength: 10 })).map(([scheme, chars]) => scheme + chars.join('')),
);
const claimValue = pick<unknown>('engineering', 4711, true, 0.5, null, ['a'], { city: 'Berlin' }, '');
const ownerPart = pick<unknown>('', 'jane', null, 5);
const secretPart = pick<unknown>('', null, 'platform', 'platform-user-password', 'Bad_Name', 'a.b', '..', '.', '..codes', '.dockerconfigjson', 'docker config', 'x'.repeat(63), 'x'.repeat(64), `${'a'.repeat(250)}.com`, 5);
const secretRef = fc.oneof({ weight: 5, arbitrary: fc.record({ secretName: secretPart, secretNamespace: secretPart, key: secretPart }, { requiredKeys: [] }) }, { weight: 1, arbitrary: wrongType });
const tokenGeneration = pick<unknown>(0, 3, -1, -40, 1.5, -1.5, -1e19, 1e19, null, 'x');

/** A User's spec made of the values above, each field present or not. */
export const userSpec = fc.record(
  {
    access: fc.oneof({ weight: 5, arbitrary: fc.array(accessRule, { maxLength: 3 }) }, { weight: 1, arbitrary: wrongType }),
    clusterRoles: fc.oneof({ weight: 5, arbitrary: fc.array(clusterRole, { maxLength: 3 }) }, { weight: 1, arbitrary: wrongType }),
    groups: fc.array(group, { maxLength: 3 }),
    ssoGroups: fc.array(group, { maxLength: 3 }),
    email,
    icon,
    extraClaims: fc.oneof({ weight: 4, arbitrary: fc.dictionary(pick('department', 'costCenter', 'roles'), claimValue, { maxKeys: 2 }) }, { weight: 1, arbitrary: wrongType }),
    owner: fc.oneof({ weight: 4, arbitrary: fc.record({ user: ownerPart, team: ownerPart }, { requiredKeys: [] }) }, { weight: 1, arbitrary: wrongType }),
    passwordRef: secretRef,
    codesRef: secretRef,
    imagePullSecrets: fc.array(secretRef, { maxLength: 2 }),
    tokenGeneration,
    disabled: pick<unknown>(true, false, null, 'true'),
  },
  { requiredKeys: [] },
);

const metadata = fc.record({
  name: pick('a', 'ab', 'abc', 'b', 'ba', 'x.y'),
  labels: optional(fc.dictionary(pick('team', 'tier', 'app.kubernetes.io/managed-by'), pick('gitops', 'ops', 'web', ''), { maxKeys: 2 })),
});

/** A User, and a previous version of it (for the rules of updates) half of the time. */
export const userPair = fc.record({ metadata, spec: userSpec, old: optional(userSpec) });

function user(meta: { name: string; labels?: Record<string, string> | undefined }, spec: Record<string, unknown>): Record<string, unknown> {
  return { apiVersion: 'management.platform/v1', kind: 'User', metadata: { name: meta.name, ...(meta.labels ? { labels: meta.labels } : {}) }, spec };
}

/** `count` generated Users as manifests: each alone (a create), or with the text of its previous version. */
export function generatedUsers(count: number, seed = 38): { text: string; previous?: string }[] {
  return fc.sample(userPair, { seed, numRuns: count }).map(({ metadata: meta, spec, old }) => ({
    text: stringify(user(meta, spec)),
    ...(old !== undefined ? { previous: stringify(user(meta, old)) } : {}),
  }));
}
