/** Turns a file's bytes into text the way a careful editor would, or says in one line why it cannot. */
export type Decoded = { ok: true; text: string } | { ok: false; reason: string };

const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });
const encoder = new TextEncoder();

/** How much of a file is looked at for NUL bytes: enough to tell binary from text, as git does, on any size of file. */
const PROBE_BYTES = 8000;

/** Why bytes with a NUL among their first PROBE_BYTES are no YAML (UTF-16, or binary); undefined for the others. */
function nulProblem(bytes: Uint8Array): string | undefined {
  if (!bytes.subarray(0, PROBE_BYTES).includes(0)) return undefined;
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)) return 'the file is UTF-16 encoded; save it as UTF-8';
  return 'the file is binary (it contains NUL bytes), not YAML';
}

export function decodeSource(bytes: Uint8Array): Decoded {
  const problem = nulProblem(bytes);
  if (problem !== undefined) return { ok: false, reason: problem };
  try {
    // The decoder drops a UTF-8 byte-order mark, which YAML allows but offsets would otherwise count.
    return { ok: true, text: utf8.decode(bytes) };
  } catch {
    return { ok: false, reason: 'the file is not valid UTF-8' };
  }
}

/**
 * Text an editor decoded already (an open buffer), refused where decodeSource refuses the UTF-8 bytes it is saved
 * as: the editor and the command then agree on a binary file. Only the start is encoded: PROBE_BYTES characters
 * are at least PROBE_BYTES bytes.
 */
export function checkText(text: string): Decoded {
  const problem = nulProblem(encoder.encode(text.slice(0, PROBE_BYTES)));
  return problem === undefined ? { ok: true, text } : { ok: false, reason: problem };
}

/** Whether the bytes start with UTF-8's byte-order mark, which `decodeSource` drops from the text it gives. */
export function hasByteOrderMark(bytes: Uint8Array): boolean {
  return bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
}
