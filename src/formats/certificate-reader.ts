/**
 * Reading an X.509 certificate takes a TLS library, which plain JavaScript does not carry: the program installs
 * the one of the machine it runs on before anything is linted, Node's X509Certificate for the CLI, its workers and
 * the language server (src/project/node-host.ts), its own in a browser build.
 */

/** Whether DER bytes are one X.509 certificate. */
export type CertificateReader = (der: Uint8Array) => boolean;

let installed: CertificateReader | undefined;

export function installCertificateReader(reader: CertificateReader): void {
  installed = reader;
}

export function isX509Certificate(der: Uint8Array): boolean {
  if (!installed) throw new Error("no X.509 certificate reader is installed (src/project/node-host.ts installs Node's)");
  return installed(der);
}
