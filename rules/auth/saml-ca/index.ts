import { checkSamlCaData, defineRule, isBase64 } from '../../api.js';
import { fieldName, filled, isTrue } from '../shared.js';

// caData is a secret-like blob: its value never goes into a message, only the field name and what is wrong with it.
// What is wrong is worded here, never passed as data: a message's data is scrubbed of the words of the file's secrets.
const NOT_CERTIFICATE = '{{field}} is valid base64, but what it decodes to is not a PEM certificate.';
const REFUSED = 'The SAML connector cannot load a certificate from it and refuses to start. Write the base64 encoding of the PEM certificate file, e.g. the output of base64 -w0 idp-ca.pem.';

const rule = defineRule({
  meta: {
    id: 'auth/saml-ca',
    description: 'Require every SAML provider to have exactly one of ca and caData, and caData to be a base64 PEM certificate',
    severity: 'error',
    sources: ['spec', 'upstream'],
    kinds: ['Config'],
  },
  messages: {
    missing: {
      text: '{{provider}} has neither ca nor caData, and insecureSkipSignatureValidation is not true.',
      note: 'The SAML connector needs the identity provider\'s CA certificate to verify signed responses and refuses to start ("must provide either \'ca\' or \'caData\'"). Set caData to the base64-encoded PEM certificate (base64 -w0 idp-ca.pem), or ca to the path of the PEM file.',
    },
    both: {
      text: '{{provider}} sets both ca and caData.',
      note: 'The SAML connector takes exactly one of them and refuses to start ("must provide either \'ca\' or \'caData\'"). Keep one and remove the other.',
    },
    notBase64: {
      text: "{{field}} is not valid base64 (standard alphabet with '=' padding; line breaks are allowed, spaces are not).",
      note: 'The platform decodes caData from base64 when it reads the config, so the whole config is rejected. Write the base64 encoding of the PEM certificate file, e.g. the output of base64 -w0 idp-ca.pem.',
    },
    noPemBlock: {
      text: NOT_CERTIFICATE,
      note: `The decoded data: contains no PEM block: base64-encode the PEM text of the certificate (-----BEGIN CERTIFICATE----- ...), not the DER bytes. ${REFUSED}`,
    },
    blockNotCertificate: {
      text: NOT_CERTIFICATE,
      note: `The decoded data: PEM block {{block}} ({{type}}) is not an X.509 certificate. ${REFUSED}`,
    },
    trailingData: {
      text: NOT_CERTIFICATE,
      note: `The decoded data: has text after its last PEM block, which Dex refuses ("parse cert: trailing data"). ${REFUSED}`,
    },
  },
  given: { provider: 'saml' },
  check(entry, ctx) {
    const provider = fieldName(entry);
    const insecure = isTrue(entry, 'insecureSkipSignatureValidation');
    const ca = filled(entry, 'ca');
    const caData = filled(entry, 'caData');
    if (!insecure && ca === undefined && caData === undefined) {
      ctx.report({ messageId: 'missing', path: entry.path, at: 'key', data: { provider } });
    }
    if (!insecure && ca !== undefined && caData !== undefined) {
      ctx.report({ messageId: 'both', path: [...entry.path, 'ca'], at: 'key', data: { provider } });
    }
    if (caData === undefined) return;
    const path = [...entry.path, 'caData'];
    const field = fieldName(entry, 'caData');
    // Base64 is decoded when the config is read (caData is bytes), even when signature validation is skipped.
    if (!isBase64(caData)) {
      ctx.report({ messageId: 'notBase64', path, data: { field } });
      return;
    }
    if (insecure || ca !== undefined) return;
    const problem = checkSamlCaData(caData);
    if (problem === null) return;
    // The problem's kinds other than a block's are the message ids of the same name.
    if (problem.kind === 'notCertificate') {
      ctx.report({ messageId: 'blockNotCertificate', path, data: { field, block: String(problem.block), type: problem.type } });
    } else {
      ctx.report({ messageId: problem.kind, path, data: { field } });
    }
  },
});

export default rule;
