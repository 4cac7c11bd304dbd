import { defineRule, redactUrlPassword, shown } from '../../api.js';
import { filledFields } from '../shared.js';

const SCHEME = /^([A-Za-z][A-Za-z0-9+.-]*):\/\//;

const rule = defineRule({
  meta: {
    id: 'auth/forge-a-host-name',
    description: 'Require a gitForgeA hostName to be a bare host name, without a scheme or a path',
    severity: 'error',
    sources: ['spec', 'upstream'],
    sections: ['status.auth'],
    kinds: ['Config'],
  },
  messages: {
    hostNameScheme: {
      text: '{{field}} is "{{value}}", which starts with the scheme "{{scheme}}://".',
      note: 'The platform builds https://<hostName>/api/v3 from it and the connector refuses any "/" in the host name. Write the host alone, e.g. {{example}}.',
    },
    hostNameSlash: {
      text: '{{field}} is "{{value}}", which contains "/".',
      note: 'It must be a host name (and optional port), not a URL or path, and the connector refuses it at start. Write the host alone, e.g. {{example}}.',
    },
  },
  check(doc, ctx) {
    for (const { value: hostName, path, field } of filledFields(doc.data, 'gitForgeA', 'hostName')) {
      if (!hostName.includes('/')) continue;
      const scheme = SCHEME.exec(hostName);
      // The host part alone: without scheme, user info and path.
      const bare = ((scheme ? hostName.slice(scheme[0].length) : hostName).split('/')[0] ?? '').replace(/^.*@/, '');
      const example = /^[A-Za-z0-9.-]+(:[0-9]+)?$/.test(bare) ? bare : 'github.example.com';
      const data = { field, value: shown(redactUrlPassword(hostName)), example };
      if (scheme) ctx.report({ messageId: 'hostNameScheme', path, data: { ...data, scheme: scheme[1] ?? '' } });
      else ctx.report({ messageId: 'hostNameSlash', path, data });
    }
  },
});

export default rule;
