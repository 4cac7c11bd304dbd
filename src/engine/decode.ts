/** Turns a file's bytes into text the way a careful editor would, or says in one line why it cannot. */
export type Decoded = { ok: true; text: string } | { ok: false; reason: string };

const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });

export function decodeSource(bytes: Uint8Array): Decoded {
  const probe = bytes.subarray(0, 8000);
  if (probe.includes(0)) {
    if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)) {
      return { ok: false, reason: 'the file is UTF-16 encoded; save it as UTF-8' };
    }
    return { ok: false, reason: 'the file is binary (it contains NUL bytes), not YAML' };
  }
  try {
    // The decoder drops a UTF-8 byte-order mark, which YAML allows but offsets would otherwise count.
    return { ok: true, text: utf8.decode(bytes) };
  } catch {
    return { ok: false, reason: 'the file is not valid UTF-8' };
  }
}

/** Whether the bytes start with UTF-8's byte-order mark, which `decodeSource` drops from the text it gives. */
export function hasByteOrderMark(bytes: Uint8Array): boolean {
  return bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
}
