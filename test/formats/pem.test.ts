import { describe, expect, it, vi } from "vitest";
import { checkRootCa } from "../../src/formats/pem.js";
import { TEST_CERT_PEM } from "./data/certs.js";
import { useNodeHost } from "../../src/project/node-host.js";

// Certificates are read by the installed reader: Node's, as the CLI installs it.
useNodeHost();

const b64 = (s: string): string => Buffer.from(s, "latin1").toString("base64");
/** Not a certificate: the armour of one around bytes that are not X.509, and a key block. */
const NOT_X509 = "-----BEGIN CERTIFICATE-----\nAAECAwQF\n-----END CERTIFICATE-----\n";
const KEY = "-----BEGIN PUBLIC KEY-----\nAAECAwQF\n-----END PUBLIC KEY-----\n";

describe("rootCA as Dex's httpclient.NewHTTPClient loads it (AppendCertsFromPEM)", () => {
  it("accepts PEM text and base64 of PEM holding a certificate, among other blocks too", () => {
    expect(checkRootCa(TEST_CERT_PEM)).toBeNull();
    expect(checkRootCa(b64(TEST_CERT_PEM))).toBeNull();
    expect(checkRootCa(KEY + TEST_CERT_PEM)).toBeNull();
  });

  it("leaves file paths alone: only the running platform can read them", () => {
    expect(checkRootCa("/etc/platform/certs/github-enterprise-ca.pem")).toBeNull();
    expect(checkRootCa("./ca.pem")).toBeNull();
  });

  it("refuses PEM without a certificate Go can load", () => {
    expect(checkRootCa(KEY)).toEqual({ kind: "noCertificate", types: ["PUBLIC KEY"] });
    expect(checkRootCa(b64(NOT_X509 + KEY))).toEqual({ kind: "noCertificate", types: ["CERTIFICATE", "PUBLIC KEY"] });
    expect(checkRootCa("-----BEGIN CERTIFICATE----- no end")).toEqual({ kind: "noPemBlock" });
  });
});

describe("certificates without a reader installed", () => {
  it("fail loudly instead of being judged: the program must install the machine's reader first", async () => {
    vi.resetModules();
    const fresh = await import("../../src/formats/pem.js");
    expect(() => fresh.checkRootCa(TEST_CERT_PEM)).toThrow("no X.509 certificate reader is installed (src/project/node-host.ts installs Node's)");
  });
});
