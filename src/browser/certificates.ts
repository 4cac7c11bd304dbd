/**
 * The page's X.509 certificate reader (what Node's X509Certificate is to the CLI: src/project/node-host.ts): the
 * certificate's DER parsed against RFC 5280's ASN.1 schema by @peculiar/asn1-x509, the schemas @peculiar/x509 reads
 * certificates with. Whether bytes are one certificate is all the core asks.
 */
import { AsnConvert } from '@peculiar/asn1-schema';
import { Certificate } from '@peculiar/asn1-x509';

export function isX509Der(der: Uint8Array): boolean {
  try {
    AsnConvert.parse(der, Certificate);
    return true;
  } catch {
    return false;
  }
}
