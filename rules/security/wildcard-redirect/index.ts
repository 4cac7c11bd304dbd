import { defineRule } from '../../api.js';
import { isTrueAt } from '../shared.js';

const rule = defineRule({
  meta: {
    id: 'security/wildcard-redirect',
    description: 'Disallow wildcard redirect URIs for the clients of the platform\'s OIDC provider',
    severity: 'warning',
    sources: ['security'],
    sections: ['status.oidc'],
    kinds: ['Config'],
  },
  messages: {
    wildcardRedirect: {
      text: 'status.oidc.wildcardRedirect is true: a * in a redirect URI also matches hosts the client does not own.',
      note: "A * in a client's redirect URI then also matches hosts and paths the client does not own, and whoever controls one of them receives that client's authorization codes and tokens. List each exact redirect URI under the client's redirectURIs and remove wildcardRedirect.",
    },
  },
  check(doc, ctx) {
    const path = ['status', 'oidc', 'wildcardRedirect'];
    if (isTrueAt(doc.data, path)) ctx.report({ messageId: 'wildcardRedirect', path });
  },
});

export default rule;
