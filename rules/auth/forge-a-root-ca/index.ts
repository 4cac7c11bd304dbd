import { checkRootCa, defineRule } from '../../api.js';
import { filled, filledFields } from '../shared.js';

const NOT_LOADED = 'The connector builds its HTTP client from rootCA (a file path, base64 of PEM, or PEM text) and refuses to start unless it holds a CERTIFICATE block ("rootCAs.0 is not in PEM format"). Give the PEM certificate of the CA that signed the enterprise host\'s certificate, or the path of its file.';

const rule = defineRule({
  meta: {
    id: 'auth/forge-a-root-ca',
    description: 'Require a gitForgeA rootCA to come with a hostName and to hold a certificate the connector can load',
    severity: 'error',
    sources: ['spec', 'upstream'],
    sections: ['status.auth'],
    kinds: ['Config'],
  },
  messages: {
    rootCaWithoutHostName: {
      text: '{{field}} is set without hostName.',
      note: 'A root CA is only used for the enterprise variant, and the connector refuses to start with a root certificate but no host ("Host name field required for a root certificate file"). Set hostName to the enterprise host or remove rootCA.',
    },
    rootCaNoPemBlock: {
      text: '{{field}} holds PEM text, but no certificate Dex can load: it holds no PEM block.',
      note: NOT_LOADED,
    },
    rootCaNoCertificate: {
      text: '{{field}} holds PEM text, but no certificate Dex can load: none of its PEM blocks is a certificate ({{types}}).',
      note: NOT_LOADED,
    },
  },
  check(doc, ctx) {
    for (const { entry, value: rootCa, path, field } of filledFields(doc.data, 'gitForgeA', 'rootCA')) {
      // Dex checks the host name first: without one it never reads the root CA.
      if (!filled(entry, 'hostName')) {
        ctx.report({ messageId: 'rootCaWithoutHostName', path, at: 'key', data: { field } });
        continue;
      }
      const problem = checkRootCa(rootCa);
      if (problem?.kind === 'noPemBlock') ctx.report({ messageId: 'rootCaNoPemBlock', path, data: { field } });
      if (problem?.kind === 'noCertificate') ctx.report({ messageId: 'rootCaNoCertificate', path, data: { field, types: problem.types.join(', ') } });
    }
  },
});

export default rule;
