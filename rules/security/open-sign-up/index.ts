import { defineRule, displayPath, eachProvider, getIn, optionalStringAt, type ProviderEntry } from '../../api.js';

const CREATES_USERS =
  'the platform creates a user for each of them on first sign-in because status.auth.disableUserCreation is not true.';
const SSO_CREATES_USERS = `Single sign-on creates users: ${CREATES_USERS}` as const;
const OR_DISABLE = 'or set status.auth.disableUserCreation: true if every user is created by an administrator.';

/** The tenants of web identity provider B that admit accounts of any organization (Dex's `isOrgTenant` is false). */
const OPEN_TENANTS: Readonly<Record<string, string>> = {
  '': 'anyone with a personal, business or school account at web identity provider B',
  common: 'anyone with a personal, business or school account at web identity provider B',
  consumers: 'anyone with a personal account at web identity provider B',
  organizations: 'anyone with a business or school account of any organization at web identity provider B',
};

type ListState = 'set' | 'unset' | 'unknown';

/** A restriction list: non-empty restricts, absent/null/empty does not, another type cannot be judged (schema error). */
function list(entry: ProviderEntry, key: string): ListState {
  const value = entry.config[key];
  if (value === undefined || value === null) return 'unset';
  if (!Array.isArray(value)) return 'unknown';
  return value.length > 0 ? 'set' : 'unset';
}

/** How a provider is open: one message alone, or the tenant's with what it admits. */
type Openness = { messageId: Exclude<keyof typeof rule.messages, 'webIdentityB'> } | { messageId: 'webIdentityB'; data: { tenant: string; audience: string } };

/** The messageId (and data) of an unrestricted provider, or undefined when it is restricted or cannot be judged. */
function openness(entry: ProviderEntry): Openness | undefined {
  switch (entry.type) {
    case 'gitForgeA': {
      const orgs = list(entry, 'orgs');
      return orgs === 'unset' ? { messageId: 'gitForgeA' } : undefined;
    }
    case 'gitForgeB':
    case 'oidc': {
      const groups = list(entry, 'groups');
      return groups === 'unset' ? { messageId: entry.type } : undefined;
    }
    case 'saml': {
      const groups = list(entry, 'allowedGroups');
      return groups === 'unset' ? { messageId: 'saml' } : undefined;
    }
    case 'webIdentityA': {
      const domains = list(entry, 'hostedDomains');
      const groups = list(entry, 'groups');
      if (domains !== 'unset' || groups === 'unknown') return undefined;
      if (groups === 'unset') return { messageId: 'webIdentityA' };
      // Groups are read from the directory with the service account; without one they are never checked (Dex's
      // Google connector). With a path but no adminEmail the connector does not start at all: not open either.
      return optionalStringAt(entry.config, ['serviceAccountFilePath']) !== undefined ? undefined : { messageId: 'webIdentityAGroupsUnchecked' };
    }
    case 'webIdentityB': {
      const tenant = entry.config['tenant'];
      if (tenant !== undefined && tenant !== null && typeof tenant !== 'string') return undefined;
      const key = tenant ?? '';
      const audience = OPEN_TENANTS[key];
      if (audience === undefined) return undefined;
      return {
        messageId: 'webIdentityB',
        data: { tenant: key === '' ? 'unset (the default, common)' : `"${key}"`, audience },
      };
    }
  }
}

const rule = defineRule({
  meta: {
    id: 'security/open-sign-up',
    description:
      'Warn about login providers without an org, team, group, domain or tenant restriction while single sign-on creates users',
    severity: 'warning',
    sources: ['security'],
    kinds: ['Config'],
  },
  messages: {
    gitForgeA: {
      text: '{{provider}} has no orgs, so anyone with an account at git forge A can sign in.',
      note: `${SSO_CREATES_USERS} List the organizations allowed in under orgs (each with name, and teams to narrow it further), ${OR_DISABLE}`,
    },
    gitForgeB: {
      text: '{{provider}} has no groups, so anyone with an account at git forge B can sign in.',
      note: `${SSO_CREATES_USERS} List the groups allowed in under groups, ${OR_DISABLE}`,
    },
    oidc: {
      text: '{{provider}} has no groups, so anyone the OIDC provider authenticates can sign in.',
      note: `${SSO_CREATES_USERS} List the groups allowed in under groups (with groupsClaim naming the token claim that carries them), ${OR_DISABLE}`,
    },
    saml: {
      text: '{{provider}} has no allowedGroups, so anyone the SAML identity provider authenticates can sign in.',
      note: `${SSO_CREATES_USERS} List the groups allowed in under allowedGroups (with groupsAttr naming the assertion attribute), ${OR_DISABLE}`,
    },
    webIdentityA: {
      text: '{{provider}} has neither hostedDomains nor groups, so anyone with an account at web identity provider A can sign in.',
      note: `Personal accounts included. ${SSO_CREATES_USERS} Restrict it with hostedDomains (e.g. [example.com]) or with groups together with serviceAccountFilePath and adminEmail, ${OR_DISABLE}`,
    },
    webIdentityAGroupsUnchecked: {
      text: '{{provider}} restricts sign-in only by groups, which are never checked without serviceAccountFilePath.',
      note: `The platform cannot read group memberships without a service account, so anyone with an account at web identity provider A can sign in, and ${CREATES_USERS} Add serviceAccountFilePath and adminEmail, or restrict by hostedDomains, ${OR_DISABLE}`,
    },
    webIdentityB: {
      text: '{{provider}} has tenant {{tenant}}, which admits accounts of any organization.',
      note: `With it, {{audience}} can sign in (groups are not checked for this tenant), and ${CREATES_USERS} Set tenant to your organization's tenant ID or name, ${OR_DISABLE}`,
    },
  },
  check(doc, ctx) {
    const creation = getIn(doc.data, ['status', 'auth', 'disableUserCreation']);
    // true: nobody gets a user by signing in. Another non-null type is a schema error we cannot judge.
    if (creation === true || (creation !== undefined && creation !== null && typeof creation !== 'boolean')) return;
    for (const entry of eachProvider(doc.data)) {
      const open = openness(entry);
      if (!open) continue;
      const provider = displayPath(entry.path);
      if (open.messageId === 'webIdentityB') ctx.report({ messageId: open.messageId, path: entry.path, at: 'key', data: { provider, ...open.data } });
      else ctx.report({ messageId: open.messageId, path: entry.path, at: 'key', data: { provider } });
    }
  },
});

export default rule;
