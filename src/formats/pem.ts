/**
 * Go's base64 and PEM decoding, and the certificate checks Dex makes with them when a connector starts.
 */
import { base64Bytes, isStdBase64 } from "./base64.js";
import { isX509Certificate } from "./certificate-reader.js";
import { goTrimRight } from "./go-text.js";
import { memoizeByString } from "./memo.js";

// ---------------------------------------------------------------------------
// Base64 and PEM
// ---------------------------------------------------------------------------

/**
 * Go's `base64.StdEncoding.DecodeString` (also what `encoding/json` does for
 * a `[]byte` field): standard alphabet, `=` padding required, `\r` and `\n`
 * ignored anywhere, nothing else (no spaces, no URL alphabet). Returns null
 * when Go would return an error.
 */
export function goBase64Decode(s: string): Uint8Array | null {
  const t = compactBase64(s);
  return t === null ? null : base64Bytes(t);
}

/** The base64 text without its line breaks, when Go would decode it; else null. */
function compactBase64(s: string): string | null {
  if (typeof s !== "string") return null;
  const t = s.replace(/[\r\n]/g, "");
  return isStdBase64(t) ? t : null;
}

/** Valid standard base64 as Go decodes it (see {@link goBase64Decode}), checked without decoding, once per value. */
export const isBase64: (s: string) => boolean = memoizeByString((s) => compactBase64(s) !== null, 64, 65_536);

export interface PemBlock {
  type: string;
  headers: Record<string, string>;
  bytes: Uint8Array;
}

const latin1Decoder = new TextDecoder("latin1");

function getLine(data: string): { line: string; rest: string } {
  let i = data.indexOf("\n");
  let j: number;
  if (i < 0) {
    i = data.length;
    j = i;
  } else {
    j = i + 1;
    if (i > 0 && data[i - 1] === "\r") i--;
  }
  return { line: goTrimRight(data.slice(0, i), " \t"), rest: data.slice(j) };
}

/**
 * Go's `encoding/pem.Decode`, looped over all blocks (bytes are handled as
 * latin1 so that binary junk between blocks is skipped like Go does).
 */
export function pemDecodeAll(data: Uint8Array | string): PemBlock[] {
  return pemDecode(data).blocks;
}

/** {@link pemDecodeAll}, with the text after the last block (where Go's last `pem.Decode` returned nil). */
export function pemDecode(data: Uint8Array | string): { blocks: PemBlock[]; rest: string } {
  const text = typeof data === "string" ? data : latin1Decoder.decode(data);
  const blocks: PemBlock[] = [];
  let rest = text;
  const PEM_START = "\n-----BEGIN ";
  const PEM_END = "\n-----END ";
  const EOL = "-----";
  for (;;) {
    let found: PemBlock | null = null;
    // One call of pem.Decode(rest).
    let r = rest;
    for (;;) {
      if (r.startsWith(PEM_START.slice(1))) {
        r = r.slice(PEM_START.length - 1);
      } else {
        const k = r.indexOf(PEM_START);
        if (k < 0) break;
        r = r.slice(k + PEM_START.length);
      }
      const tl = getLine(r);
      let typeLine = tl.line;
      r = tl.rest;
      if (!typeLine.endsWith(EOL)) continue;
      typeLine = typeLine.slice(0, typeLine.length - EOL.length);
      const headers: Record<string, string> = {};
      let nHeaders = 0;
      let truncated = false;
      for (;;) {
        if (r.length === 0) {
          truncated = true;
          break;
        }
        const ln = getLine(r);
        const colon = ln.line.indexOf(":");
        if (colon < 0) break;
        headers[ln.line.slice(0, colon).trim()] = ln.line.slice(colon + 1).trim();
        nHeaders++;
        r = ln.rest;
      }
      if (truncated) break; // Go returns (nil, data): no more blocks
      let endIndex: number;
      let endTrailerIndex: number;
      if (nHeaders === 0 && r.startsWith(PEM_END.slice(1))) {
        endIndex = 0;
        endTrailerIndex = PEM_END.length - 1;
      } else {
        endIndex = r.indexOf(PEM_END);
        endTrailerIndex = endIndex + PEM_END.length;
      }
      if (endIndex < 0) continue;
      let endTrailer = r.slice(endTrailerIndex);
      const endTrailerLen = typeLine.length + EOL.length;
      if (endTrailer.length < endTrailerLen) continue;
      const restOfEndLine = endTrailer.slice(endTrailerLen);
      endTrailer = endTrailer.slice(0, endTrailerLen);
      if (!endTrailer.startsWith(typeLine) || !endTrailer.endsWith(EOL)) continue;
      if (getLine(restOfEndLine).line.length !== 0) continue;
      const b64 = r.slice(0, endIndex).replace(/[ \t]/g, "");
      const bytes = goBase64Decode(b64);
      if (bytes === null) continue;
      found = { type: typeLine, headers, bytes };
      r = getLine(r.slice(endIndex + PEM_END.length - 1)).rest;
      break;
    }
    if (found === null) break;
    blocks.push(found);
    rest = r;
  }
  return { blocks, rest };
}

/** What Dex's SAML connector finds wrong with `caData`; a block is numbered from 1, its type is the PEM label. */
export type SamlCaProblem =
  | { kind: "notBase64" }
  | { kind: "noPemBlock" }
  | { kind: "notCertificate"; block: number; type: string }
  | { kind: "trailingData" };

/**
 * Dex's SAML connector check of `caData` (connector/saml/saml.go,
 * `openConnector`): the value is base64 (decoded by encoding/json into
 * `[]byte`), then every PEM block in it must parse as an X.509 certificate
 * (`x509.ParseCertificate`, whatever the block's type label), and there must
 * be at least one. DER without PEM armour is rejected, as in Dex
 * ("no certificates found in ca data"). Returns null when Dex would accept it,
 * else the problem, as data: the rule words it, so that no wording of ours is
 * mistaken for the file's. Certificates are parsed by the installed reader (src/formats/certificate-reader.ts).
 */
export function checkSamlCaData(s: string): SamlCaProblem | null {
  return checkSamlCaDataMemo(s);
}

const checkSamlCaDataMemo = memoizeByString(checkSamlCaDataUncached, 64, 65_536);

function checkSamlCaDataUncached(s: string): SamlCaProblem | null {
  const raw = goBase64Decode(s);
  if (raw === null) return { kind: "notBase64" };
  const { blocks, rest } = pemDecode(raw);
  if (blocks.length === 0) return { kind: "noPemBlock" };
  for (const [i, b] of blocks.entries()) {
    if (!isX509Certificate(b.bytes)) return { kind: "notCertificate", block: i + 1, type: b.type };
  }
  // Dex trims white space (bytes.TrimSpace) from what follows the last block and refuses anything else.
  if (!GO_SPACE_ONLY.test(rest)) return { kind: "trailingData" };
  return null;
}

/** What Go's bytes.TrimSpace removes, on text read as latin1. */
const GO_SPACE_ONLY = /^[\t\n\v\f\r \u0085\u00a0]*$/;

/** What Dex's HTTP client finds wrong with a connector's root CA. */
export type RootCaProblem = { kind: "noPemBlock" } | { kind: "noCertificate"; types: string[] };

/**
 * Dex's `httpclient.NewHTTPClient` on a connector's root CA (pkg/httpclient/httpclient.go): the value is a file
 * path, else base64 of PEM text, else PEM text itself, and x509's `AppendCertsFromPEM` must take at least one
 * certificate from it (a `CERTIFICATE` block without headers that parses), or the connector does not start
 * ("rootCAs.0 is not in PEM format"). Null when Dex would accept it, and for a path, which only the running
 * platform can read; else the problem, as data (the types are the blocks' PEM labels, each once).
 */
export function checkRootCa(value: string): RootCaProblem | null {
  let text: string | undefined;
  if (value.includes("-----BEGIN")) text = value;
  else if (!/^[./~]/.test(value) && value.length >= 64) {
    const decoded = goBase64Decode(value);
    if (decoded) text = latin1Decoder.decode(decoded);
  }
  if (text === undefined) return null;
  const { blocks } = pemDecode(text);
  if (blocks.length === 0) return { kind: "noPemBlock" };
  if (blocks.some((b) => b.type === "CERTIFICATE" && Object.keys(b.headers).length === 0 && isX509Certificate(b.bytes))) return null;
  return { kind: "noCertificate", types: [...new Set(blocks.map((b) => b.type))] };
}

/** `checkSamlCaData(s) === null`. */
export function isPemCertificateBase64(s: string): boolean {
  return checkSamlCaData(s) === null;
}
