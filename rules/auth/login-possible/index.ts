import { defineRule, eachProvider, getIn } from '../../api.js';

const rule = defineRule({
  meta: {
    id: 'auth/login-possible',
    description: 'Disallow disabling password login when no login provider is configured',
    severity: 'error',
    sources: ['spec'],
    sections: ['status.auth'],
    kinds: ['Config'],
  },
  messages: {
    noLogin: {
      text: 'Password login is disabled and no login provider is configured, so nobody can log in.',
      note: 'Neither the top level of status.auth nor status.auth.connectors configures a provider. Configure one (oidc, gitForgeA, gitForgeB, webIdentityA, webIdentityB or saml) or set password.disabled to false.',
    },
  },
  check(doc, ctx) {
    const path = ['status', 'auth', 'password', 'disabled'];
    if (getIn(doc.data, path) !== true) return;
    if (eachProvider(doc.data).length > 0) return;
    ctx.report({ messageId: 'noLogin', path });
  },
});

export default rule;
