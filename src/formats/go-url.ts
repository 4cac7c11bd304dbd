/**
 * Go's net/url (src/net/url/url.go): Parse and ParseRequestURI with their errors, String(), EscapedPath() (the raw
 * path kept when it is a valid encoding of the path), Hostname(), Port() and Query(). The one port of it: the rules
 * read URLs through it (url.ts) as the platform and Dex do, and Kubernetes' CEL urls and format libraries call it.
 *
 * It follows Go's current parseHost: only an IPv6 address may stand in brackets, checked with netip.ParseAddr
 * (CVE-2025-47912; IPv4-mapped addresses are allowed again since go.dev/issue/75815); a "[" anywhere but at the start
 * of the host is refused (CVE-2026-25679); and an http or https host's first colon starts its port, while other
 * schemes keep the last one, for the lists of hosts databases write (go.dev/issue/75223, go.dev/issue/78077).
 *
 * Go works on the bytes of the text: so does this port, on strings of one char per UTF-8 byte, decoded again where
 * a value leaves it.
 */
import { goQuote } from './go-quote.js';
import { is4, parseAddr } from './netip.js';

export interface GoURL {
  scheme: string;
  opaque: string;
  user?: { username: string; password?: string };
  host: string;
  path: string;
  rawPath: string;
  forceQuery: boolean;
  rawQuery: string;
  fragment: string;
  rawFragment: string;
}

type Mode = 'path' | 'pathSegment' | 'host' | 'zone' | 'userPassword' | 'queryComponent' | 'fragment';

class UrlProblem extends Error {}

const HEX = '0123456789ABCDEF';
const isHex = (c: string): boolean => /^[0-9A-Fa-f]$/.test(c);
const unhex = (c: string): number => parseInt(c, 16);

/** Text whose UTF-8 bytes are its chars: the usual URL, which needs no conversion either way. */
// eslint-disable-next-line no-control-regex
const ASCII = /^[\x00-\x7f]*$/;

/** The UTF-8 bytes of a string, one char each; in chunks, since a spread of a long text overflows the stack. */
function bytesOf(text: string): string {
  if (ASCII.test(text)) return text;
  const bytes = new TextEncoder().encode(text);
  let out = '';
  for (let at = 0; at < bytes.length; at += 8192) out += String.fromCharCode(...bytes.subarray(at, at + 8192));
  return out;
}

/** A string of bytes as text (Go keeps invalid UTF-8; here it becomes U+FFFD). */
export function textOf(bytes: string): string {
  if (ASCII.test(bytes)) return bytes;
  return new TextDecoder().decode(Uint8Array.from(bytes, (c) => c.charCodeAt(0)));
}

function shouldEscape(c: string, mode: Mode): boolean {
  if (/^[A-Za-z0-9]$/.test(c)) return false;
  if ((mode === 'host' || mode === 'zone') && `!$&'()*+,;=:[]<>"`.includes(c)) return false;
  if ('-_.~'.includes(c)) return false;
  if ('$&+,/:;=?@'.includes(c)) {
    switch (mode) {
      case 'path':
        return c === '?';
      case 'pathSegment':
        return c === '/' || c === ';' || c === ',' || c === '?';
      case 'userPassword':
        return c === '@' || c === '/' || c === '?' || c === ':';
      case 'queryComponent':
        return true;
      case 'fragment':
        return false;
      default:
        break;
    }
  }
  if (mode === 'fragment' && '!()*'.includes(c)) return false;
  return true;
}

function escapeError(s: string): UrlProblem {
  return new UrlProblem(`invalid URL escape ${goQuote(textOf(s))}`);
}

function unescape(s: string, mode: Mode): string {
  for (let i = 0; i < s.length; ) {
    const c = s[i] as string;
    if (c === '%') {
      if (i + 2 >= s.length || !isHex(s[i + 1] as string) || !isHex(s[i + 2] as string)) throw escapeError(s.slice(i, i + 3));
      const escaped = s.slice(i, i + 3);
      if (mode === 'host' && unhex(s[i + 1] as string) < 8 && escaped !== '%25') throw escapeError(escaped);
      if (mode === 'zone') {
        const v = String.fromCharCode(unhex(escaped.slice(1)));
        if (escaped !== '%25' && v !== ' ' && shouldEscape(v, 'host')) throw escapeError(escaped);
      }
      i += 3;
      continue;
    }
    if ((mode === 'host' || mode === 'zone') && c.charCodeAt(0) < 0x80 && shouldEscape(c, mode)) {
      throw new UrlProblem(`invalid character ${goQuote(c)} in host name`);
    }
    i++;
  }
  return s.replace(/%([0-9A-Fa-f]{2})|\+/g, (match, hex: string | undefined) => (hex ? String.fromCharCode(unhex(hex)) : mode === 'queryComponent' ? ' ' : '+'));
}

function escape(s: string, mode: Mode): string {
  let out = '';
  for (const c of s) {
    if (c === ' ' && mode === 'queryComponent') out += '+';
    else if (shouldEscape(c, mode)) out += `%${HEX[c.charCodeAt(0) >> 4]}${HEX[c.charCodeAt(0) & 15]}`;
    else out += c;
  }
  return out;
}

function getScheme(raw: string): [string, string] {
  for (let i = 0; i < raw.length; i++) {
    const c = raw[i] as string;
    if (/[A-Za-z]/.test(c)) continue;
    if (/[0-9+\-.]/.test(c)) {
      if (i === 0) return ['', raw];
      continue;
    }
    if (c === ':') {
      if (i === 0) throw new UrlProblem('missing protocol scheme');
      return [raw.slice(0, i), raw.slice(i + 1)];
    }
    return ['', raw];
  }
  return ['', raw];
}

function validOptionalPort(port: string): boolean {
  return port === '' || /^:[0-9]*$/.test(port);
}

function parseHost(scheme: string, host: string): string {
  const open = host.lastIndexOf('[');
  if (open > 0) throw new UrlProblem('invalid IP-literal');
  if (open === 0) {
    const close = host.lastIndexOf(']');
    if (close < 0) throw new UrlProblem("missing ']' in host");
    const colonPort = host.slice(close + 1);
    if (!validOptionalPort(colonPort)) throw new UrlProblem(`invalid port ${goQuote(textOf(colonPort))} after host`);
    const port = unescape(colonPort, 'host');
    const name = host.slice(1, close);
    // RFC 6874: "%25" starts the zone, which may %-encode what the host may not.
    const zone = name.indexOf('%25');
    const address = zone >= 0 ? unescape(name.slice(0, zone), 'host') + unescape(name.slice(zone), 'zone') : unescape(name, 'host');
    const parsed = parseAddr(textOf(address));
    if (!parsed.ok) throw new UrlProblem(`invalid host: ${parsed.error}`);
    if (is4(parsed.value)) throw new UrlProblem('invalid IP-literal');
    return `[${address}]${port}`;
  }
  const first = host.indexOf(':');
  if (first !== -1) {
    const colon = scheme === 'http' || scheme === 'https' ? first : host.lastIndexOf(':');
    if (!validOptionalPort(host.slice(colon))) throw new UrlProblem(`invalid port ${goQuote(textOf(host.slice(colon)))} after host`);
  }
  return unescape(host, 'host');
}

function parseAuthority(url: GoURL, authority: string): void {
  const at = authority.lastIndexOf('@');
  url.host = parseHost(url.scheme, at < 0 ? authority : authority.slice(at + 1));
  if (at < 0) return;
  const userinfo = authority.slice(0, at);
  if (!/^[A-Za-z0-9\-._:~!$&'()*+,;=%@]*$/.test(userinfo)) throw new UrlProblem('net/url: invalid userinfo');
  const colon = userinfo.indexOf(':');
  url.user = colon < 0 ? { username: unescape(userinfo, 'userPassword') } : { username: unescape(userinfo.slice(0, colon), 'userPassword'), password: unescape(userinfo.slice(colon + 1), 'userPassword') };
}

function parse(raw: string, viaRequest: boolean): GoURL {
  if ([...raw].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f)) throw new UrlProblem('net/url: invalid control character in URL');
  if (raw === '' && viaRequest) throw new UrlProblem('empty url');
  const url: GoURL = { scheme: '', opaque: '', host: '', path: '', rawPath: '', forceQuery: false, rawQuery: '', fragment: '', rawFragment: '' };
  if (raw === '*') {
    url.path = '*';
    return url;
  }
  const [scheme, afterScheme] = getScheme(raw);
  let rest = afterScheme;
  url.scheme = scheme.toLowerCase();
  if (rest.endsWith('?') && rest.indexOf('?') === rest.length - 1) {
    url.forceQuery = true;
    rest = rest.slice(0, -1);
  } else {
    const question = rest.indexOf('?');
    if (question >= 0) [rest, url.rawQuery] = [rest.slice(0, question), rest.slice(question + 1)];
  }
  if (!rest.startsWith('/')) {
    if (url.scheme !== '') {
      url.opaque = rest;
      return url;
    }
    if (viaRequest) throw new UrlProblem('invalid URI for request');
    if ((rest.split('/')[0] as string).includes(':')) throw new UrlProblem('first path segment in URL cannot contain colon');
  }
  if ((url.scheme !== '' || (!viaRequest && !rest.startsWith('///'))) && rest.startsWith('//')) {
    const slash = rest.indexOf('/', 2);
    const authority = slash >= 0 ? rest.slice(2, slash) : rest.slice(2);
    rest = slash >= 0 ? rest.slice(slash) : '';
    parseAuthority(url, authority);
  }
  url.path = unescape(rest, 'path');
  url.rawPath = escape(url.path, 'path') === rest ? '' : rest;
  return url;
}

/** What Go's parser refused: the error, and the text the *url.Error that wraps it names. */
export interface UrlRefusal {
  refused: string;
  input: string;
}

export const isRefusal = (result: GoURL | UrlRefusal): result is UrlRefusal => 'refused' in result;

/** The refusal as Go's *url.Error prints it. */
export const urlErrorText = ({ refused, input }: UrlRefusal): string => `parse ${goQuote(input)}: ${refused}`;

/** url.Parse: the fragment cut off first. */
export function parseURL(text: string): GoURL | UrlRefusal {
  const raw = bytesOf(text);
  const hash = raw.indexOf('#');
  const [u, fragment] = hash >= 0 ? [raw.slice(0, hash), raw.slice(hash + 1)] : [raw, ''];
  let url: GoURL;
  try {
    url = parse(u, false);
  } catch (error) {
    if (error instanceof UrlProblem) return { refused: error.message, input: textOf(u) };
    throw error;
  }
  try {
    url.fragment = unescape(fragment, 'fragment');
  } catch (error) {
    if (error instanceof UrlProblem) return { refused: error.message, input: text };
    throw error;
  }
  url.rawFragment = escape(url.fragment, 'fragment') === fragment ? '' : fragment;
  return url;
}

/** url.ParseRequestURI: an absolute URI or an absolute path, with no fragment. */
export function parseRequestURI(text: string): GoURL | UrlRefusal {
  try {
    return parse(bytesOf(text), true);
  } catch (error) {
    if (error instanceof UrlProblem) return { refused: error.message, input: text };
    throw error;
  }
}

function validEncoded(s: string, mode: Mode): boolean {
  for (const c of s) if (!`!$&'()*+,;=:@[]%`.includes(c) && shouldEscape(c, mode)) return false;
  return true;
}

/** Whether the raw form is a valid encoding of the value (EscapedPath, EscapedFragment keep it then). */
function keepsRaw(raw: string, value: string, mode: Mode): boolean {
  if (raw === '' || !validEncoded(raw, mode)) return false;
  try {
    return unescape(raw, mode) === value;
  } catch (error) {
    if (error instanceof UrlProblem) return false;
    throw error;
  }
}

function escapedPathBytes(url: GoURL): string {
  if (keepsRaw(url.rawPath, url.path, 'path')) return url.rawPath;
  return url.path === '*' ? '*' : escape(url.path, 'path');
}

/** URL.EscapedPath(). */
export function escapedPath(url: GoURL): string {
  return textOf(escapedPathBytes(url));
}

/** URL.String(). */
export function urlString(url: GoURL): string {
  let out = url.scheme === '' ? '' : `${url.scheme}:`;
  if (url.opaque !== '') out += url.opaque;
  else {
    if (url.scheme !== '' || url.host !== '' || url.user) {
      if (url.host !== '' || url.path !== '' || url.user) out += '//';
      if (url.user) out += `${escape(url.user.username, 'userPassword')}${url.user.password === undefined ? '' : `:${escape(url.user.password, 'userPassword')}`}@`;
      out += escape(url.host, 'host');
    }
    const path = escapedPathBytes(url);
    if (path !== '' && !path.startsWith('/') && url.host !== '') out += '/';
    // RFC 3986 §4.2: a first segment with a colon would read as a scheme.
    if (out === '' && (path.split('/')[0] as string).includes(':')) out += './';
    out += path;
  }
  if (url.forceQuery || url.rawQuery !== '') out += `?${url.rawQuery}`;
  if (url.fragment !== '') out += `#${keepsRaw(url.rawFragment, url.fragment, 'fragment') ? url.rawFragment : escape(url.fragment, 'fragment')}`;
  return textOf(out);
}

function splitHostPort(hostPort: string): [string, string] {
  let [host, port] = [hostPort, ''];
  const colon = host.lastIndexOf(':');
  if (colon !== -1 && validOptionalPort(host.slice(colon))) [host, port] = [host.slice(0, colon), host.slice(colon + 1)];
  if (host.startsWith('[') && host.endsWith(']')) host = host.slice(1, -1);
  return [host, port];
}

export const hostOf = (url: GoURL): string => textOf(url.host);
export const hostnameOf = (url: GoURL): string => textOf(splitHostPort(url.host)[0]);
export const portOf = (url: GoURL): string => textOf(splitHostPort(url.host)[1]);

/** URL.Query(): "&"-separated pairs; a pair with a ";" or a bad escape is dropped. */
export function queryOf(url: GoURL): Map<string, string[]> {
  const values = new Map<string, string[]>();
  for (const pair of url.rawQuery.split('&')) {
    if (pair === '' || pair.includes(';')) continue;
    const eq = pair.indexOf('=');
    try {
      const key = textOf(unescape(eq >= 0 ? pair.slice(0, eq) : pair, 'queryComponent'));
      const value = textOf(unescape(eq >= 0 ? pair.slice(eq + 1) : '', 'queryComponent'));
      values.set(key, [...(values.get(key) ?? []), value]);
    } catch (error) {
      if (!(error instanceof UrlProblem)) throw error;
    }
  }
  return values;
}
