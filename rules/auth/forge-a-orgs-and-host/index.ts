import { checkRootCa, defineRule, eachProvider, isRecord, redactUrlPassword, shown } from '../../api.js';
import { fieldName, filled } from '../shared.js';

const SCHEME = /^([A-Za-z][A-Za-z0-9+.-]*):\/\//;

const rule = defineRule({
  meta: {
    id: 'auth/forge-a-orgs-and-host',
    description: 'Require gitForgeA organizations to be named once each and hostName to be a bare host name',
    severity: 'error',
    sources: ['spec', 'upstream'],
    sections: ['status.auth'],
    kinds: ['Config'],
  },
  messages: {
    orgNameMissing: {
      text: '{{field}} has no name.',
      note: "The platform checks the user's membership by organization name, so an org without one matches nobody. Write the full organization name (not the slug), e.g. name: Example-Corp.",
    },
    orgNameDuplicate: {
      text: '{{field}} names organization "{{name}}" again (organization names are case-insensitive on the forge).',
      note: 'The entries are combined: a member passes if they are in a team of either entry, and an entry without teams lets every member in. List each organization once, with all its teams.',
    },
    rootCaWithoutHostName: {
      text: '{{field}} is set without hostName.',
      note: 'A root CA is only used for the enterprise variant, and the connector refuses to start with a root certificate but no host ("Host name field required for a root certificate file"). Set hostName to the enterprise host or remove rootCA.',
    },
    rootCaNotPem: {
      text: '{{field}} holds PEM text, but no certificate Dex can load: {{reason}}.',
      note: 'The connector builds its HTTP client from rootCA (a file path, base64 of PEM, or PEM text) and refuses to start unless it holds a CERTIFICATE block ("rootCAs.0 is not in PEM format"). Give the PEM certificate of the CA that signed the enterprise host\'s certificate, or the path of its file.',
    },
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
    for (const entry of eachProvider(doc.data)) {
      if (entry.type !== 'gitForgeA') continue;
      const orgs = entry.config['orgs'];
      if (Array.isArray(orgs)) {
        const seen = new Set<string>();
        orgs.forEach((org, i) => {
          if (!isRecord(org)) return;
          const name = org['name'];
          if (name === undefined || name === null || name === '') {
            const hasKey = Object.prototype.hasOwnProperty.call(org, 'name');
            ctx.report({
              messageId: 'orgNameMissing',
              path: hasKey ? [...entry.path, 'orgs', i, 'name'] : [...entry.path, 'orgs', i],
              data: { field: fieldName(entry, 'orgs', i) },
            });
            return;
          }
          if (typeof name !== 'string') return;
          const key = name.toLowerCase();
          if (seen.has(key)) {
            ctx.report({
              messageId: 'orgNameDuplicate',
              path: [...entry.path, 'orgs', i, 'name'],
              data: { field: fieldName(entry, 'orgs', i), name: shown(name) },
            });
          }
          seen.add(key);
        });
      }
      const hostName = filled(entry, 'hostName');
      const rootCa = filled(entry, 'rootCA');
      if (rootCa && !hostName) {
        ctx.report({ messageId: 'rootCaWithoutHostName', path: [...entry.path, 'rootCA'], at: 'key', data: { field: fieldName(entry, 'rootCA') } });
      }
      // Dex checks the host name first: without one it never reads the root CA.
      const rootCaProblem = rootCa && hostName ? checkRootCa(rootCa) : null;
      if (rootCaProblem) ctx.report({ messageId: 'rootCaNotPem', path: [...entry.path, 'rootCA'], data: { field: fieldName(entry, 'rootCA'), reason: rootCaProblem } });
      if (hostName !== undefined && hostName.includes('/')) {
        const scheme = SCHEME.exec(hostName);
        // The host part alone: without scheme, user info and path.
        const bare = ((scheme ? hostName.slice(scheme[0].length) : hostName).split('/')[0] ?? '').replace(/^.*@/, '');
        const example = /^[A-Za-z0-9.-]+(:[0-9]+)?$/.test(bare) ? bare : 'github.example.com';
        const path = [...entry.path, 'hostName'];
        const data = { field: fieldName(entry, 'hostName'), value: shown(redactUrlPassword(hostName)), example };
        if (scheme) ctx.report({ messageId: 'hostNameScheme', path, data: { ...data, scheme: scheme[1] ?? '' } });
        else ctx.report({ messageId: 'hostNameSlash', path, data });
      }
    }
  },
});

export default rule;
