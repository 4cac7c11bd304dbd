/**
 * The Share link: the three texts in the URL's fragment, which a browser never sends to a server, compressed with
 * the browser's own deflate (CompressionStream 'deflate-raw') and written in base64url. A link reopens the same
 * texts; one that cannot be read says so and opens nothing.
 */
import type { PlaygroundTexts } from '../protocol.js';

export const SHARE_PREFIX = '#share=';
/** The fragment's layout: bumped if the texts it holds ever change shape. */
const VERSION = 1;

async function throughStream(bytes: Uint8Array<ArrayBuffer>, stream: CompressionStream | DecompressionStream): Promise<Uint8Array> {
  const piped = new Blob([bytes]).stream().pipeThrough(stream);
  return new Uint8Array(await new Response(piped).arrayBuffer());
}

function base64url(bytes: Uint8Array): string {
  let binary = '';
  for (let at = 0; at < bytes.length; at += 0x8000) binary += String.fromCharCode(...bytes.subarray(at, at + 0x8000));
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/={1,2}$/, '');
}

function fromBase64url(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

export async function shareFragment(texts: PlaygroundTexts): Promise<string> {
  const json = JSON.stringify({ v: VERSION, manifest: texts.manifest, config: texts.config, policy: texts.policy });
  return `${SHARE_PREFIX}${base64url(await throughStream(new TextEncoder().encode(json), new CompressionStream('deflate-raw')))}`;
}

/** The texts of a fragment `shareFragment` wrote; undefined for a fragment that is no share; an Error for one that cannot be read. */
export async function textsOfFragment(fragment: string): Promise<PlaygroundTexts | Error | undefined> {
  if (!fragment.startsWith(SHARE_PREFIX)) return undefined;
  try {
    const bytes = await throughStream(fromBase64url(fragment.slice(SHARE_PREFIX.length)), new DecompressionStream('deflate-raw'));
    const state = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes)) as Record<string, unknown>;
    const { v, manifest, config, policy } = state;
    if (v !== VERSION || typeof manifest !== 'string' || typeof config !== 'string' || typeof policy !== 'string') throw new Error('not a playground state');
    return { manifest, config, policy };
  } catch {
    return new Error('The link holds no playground state that can be read: it may have been cut short when it was copied.');
  }
}
