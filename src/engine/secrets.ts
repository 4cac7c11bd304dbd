import { isAlias, isMap, isPair, isScalar, isSeq, visit, type Node, type Pair } from 'yaml';
import { memoizeByString } from '../formats/memo.js';
import { PASSWORD_LOGIN_FIELDS } from '../platform/enumerations.js';
import { editDistance } from './suggest.js';
import { goDecode } from '../yaml/go-decode.js';
import { withoutComment } from '../yaml/line-comment.js';
import { lineEnd, lineStart, nextLineStart } from '../yaml/lines.js';
import { parseYaml, withLineFeeds } from '../yaml/parse.js';
import { fileRange, type NodeSpace, type OffsetRange } from './node-space.js';
import { maskText, noSecrets, type SecretMap } from './masking.js';

/** Keys whose values are credentials; RULES.md "Secrets". */
export const SECRET_KEYS: ReadonlySet<string> = new Set(['clientSecret', 'password', 'token', 'caData']);

/**
 * A key that names a credential: one of SECRET_KEYS or a slip for one, whatever the letter case (`pasword`,
 * `clientSecert`, `cadata`, `tokn`): one slip in a short key, two in a long one, which covers what did-you-mean maps
 * to a secret key without taking the keys of references (`passwordRef`, three slips) for credentials. The platform drops a misspelt key,
 * but its value is still the credential its author typed, so it is masked as surely as under the right key.
 */
const holdsSecret: (key: string) => boolean = memoizeByString(
  (key) => SECRET_KEYS.has(key) || [...SECRET_KEYS].some((secret) => editDistance(key.toLowerCase(), secret.toLowerCase(), 2) <= (secret.length > 6 ? 2 : 1)),
  1024,
  64,
);
const SECRET_KEY_LENGTHS = [...SECRET_KEYS].map((key) => key.length);
// No slip makes a key more than two letters shorter or longer than a secret key: most keys are told without a lookup.
const [SHORTEST_SLIP, LONGEST_SLIP] = [Math.min(...SECRET_KEY_LENGTHS) - 2, Math.max(...SECRET_KEY_LENGTHS) + 2];
export const keyHoldsSecret = (key: string): boolean => key.length >= SHORTEST_SLIP && key.length <= LONGEST_SLIP && holdsSecret(key);

/** keyHoldsSecret in the shape of a set, for the decoder, which collects the values of secret keys on its way. */
export const SECRET_KEY_MATCHER: { has(key: string): boolean } = { has: keyHoldsSecret };

const ENV_REFERENCE = /^\$\{?[A-Za-z_][A-Za-z0-9_]*\}?$/;
// A URL with a password, tried only where a scheme starts: at the run of scheme letters before each `://`.
const URL_PASSWORD_AT = /([a-z][a-z0-9+.-]*:\/\/[^:/@\s]*:)([^@\s/]+)@/iy;
const isSchemeChar = (code: number): boolean => (code >= 48 && code <= 57) || ((code | 32) >= 97 && (code | 32) <= 122) || code === 43 || code === 46 || code === 45;

/** A URL's password in a text: the URL up to it (`scheme://user:`), where that starts, and the password. */
interface UrlPassword {
  at: number;
  head: string;
  password: string;
}

/**
 * The passwords of the URLs in a text, found from each `://`: a regex tried at every offset of a whole file took
 * most of the time of scanning it.
 */
export function* urlPasswords(text: string): Generator<UrlPassword> {
  for (let separator = text.indexOf('://'); separator >= 0; separator = text.indexOf('://', separator + 3)) {
    let start = separator;
    while (start > 0 && isSchemeChar(text.charCodeAt(start - 1))) start--;
    URL_PASSWORD_AT.lastIndex = start;
    const match = URL_PASSWORD_AT.exec(text);
    if (!match) continue;
    yield { at: start, head: match[1] ?? '', password: match[2] ?? '' };
    separator = start + match[0].length - 3;
  }
}

/**
 * A field of the password login, `status.auth.password`. Under that secret key's name the value is a settings section,
 * not a credential: a mapping of only these fields is not masked. Any other value under a secret key, a mapping with
 * other keys included, is masked whole.
 */
function isPasswordLoginField(key: string): boolean {
  return (PASSWORD_LOGIN_FIELDS as readonly string[]).includes(key);
}

/** `disabled: false`, as text: an entry of the password login's settings. */
function isPasswordLoginEntry(entry: string): boolean {
  return isPasswordLoginField((entry.split(':')[0] ?? '').trim().replace(/^(["'])(.*)\1$/, '$2'));
}

/** `{disabled: false}`, the password login's settings written as a flow mapping on one line (the text's reading). */
function isPasswordLoginText(value: string): boolean {
  if (!value.startsWith('{') || !value.endsWith('}')) return false;
  return value
    .slice(1, -1)
    .split(',')
    .every((entry) => entry.trim() === '' || isPasswordLoginEntry(entry));
}

/** The value of a secret key, whatever it is: a string, a number, a list, a map, a tagged value or an alias. */
function addSecretValue(space: NodeSpace, node: Node, out: SecretMap): void {
  if (!node.range) return;
  if (isScalar(node)) {
    if (node.value === null || node.value === '' || (typeof node.value === 'string' && ENV_REFERENCE.test(node.value))) return;
    const value = String(node.value);
    out.values.add(value);
    // A block scalar's value ends with its line feed, which a message or a line of the file quoting it leaves out.
    if (value.trim() !== value && value.trim() !== '') out.values.add(value.trim());
    if (node.source !== undefined) out.values.add(String(node.source));
  } else if (isAlias(node)) {
    // `password: *x1y2` is an unquoted password that YAML reads as an alias; the parser's message names it.
    out.values.add(node.source);
    // `password: *pw` with `&pw hunter2` elsewhere: what the anchor names is the secret, and so is its text there.
    const target = node.resolve(space.doc) as Node | undefined;
    if (target && !isAlias(target)) addSecretValue(space, target, out);
  } else if (isMap(node) && node.items.every((pair) => isScalar(pair.key) && isPasswordLoginField(String(pair.key.value)))) {
    // The password login's settings (status.auth.password: `disabled`, the spec says): no credential in them.
    return;
  } else {
    // Any other list or mapping is masked whole; its booleans are kept out of the values scrubbed from messages,
    // where masking "true" would blank that word out of every message of the file.
    visit(node, { Scalar: (key, scalar) => void (key !== 'key' && scalar.value !== null && typeof scalar.value !== 'boolean' && out.values.add(String(scalar.value))) });
  }
  out.ranges.push(fileRange(space, [node.range[0], node.range[1]]));
}

function addScalar(space: NodeSpace, node: Node, underSecretKey: boolean, out: SecretMap): void {
  if (underSecretKey) {
    addSecretValue(space, node, out);
    return;
  }
  if (!isScalar(node) || typeof node.value !== 'string' || !node.range) return;
  const value = node.value;
  for (const { head, password } of urlPasswords(value)) {
    out.values.add(password);
    const source = space.text.slice(node.range[0], node.range[1]);
    const at = source.indexOf(`${head}${password}@`);
    const start = node.range[0] + at + head.length;
    out.ranges.push(fileRange(space, at < 0 ? [node.range[0], node.range[1]] : [start, start + password.length]));
  }
}

const MAY_HOLD_SECRETS = new RegExp([...SECRET_KEYS, ':\\/\\/', '\\\\'].join('|'));

/** Where a secret key stands in a text: the key's name, and what follows it on its line. */
export interface TextSecretKey {
  /** Offset of the key's name (after an opening quote). */
  key: number;
  /** The rest of the key's line after the colon and its blanks (a `\r` before the line feed included). */
  value: OffsetRange;
}

const isKeyChar = (code: number): boolean => (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122) || code === 95;
// What may stand before a key: a line's start or white space, a flow collection's `{` `[` `,`, `?` or `-`.
const BEFORE_KEY = /[\s{,[?-]/;
// What ends a key's colon: a blank or a line's end (what `$` is to a multi-line regex).
const endsColon = (code: number): boolean => code === 32 || code === 9 || code === 10 || code === 13 || code === 0x2028 || code === 0x2029;

/**
 * The secret keys (keyHoldsSecret: letter case and slips included) in the text itself, each with the rest of its
 * line: a line the parser could not read (a syntax error) or an embedded config is masked as surely as a parsed one.
 * Found from the colons, walking back over the key, rather than by a regex tried at every offset: that costs as much
 * as a tenth of parsing. The rest of a key's line is its value, so a key in it is not looked at.
 */
export function* secretKeysInText(text: string): Generator<TextSecretKey> {
  let from = 0;
  for (let colon = text.indexOf(':'); colon >= 0; colon = text.indexOf(':', colon + 1)) {
    if (colon < from || (colon + 1 < text.length && !endsColon(text.charCodeAt(colon + 1)))) continue;
    let end = colon;
    while (end > 0 && (text[end - 1] === ' ' || text[end - 1] === '\t')) end--;
    const quote = text[end - 1] === '"' || text[end - 1] === "'" ? (text[end - 1] as string) : '';
    const keyEnd = end - quote.length;
    let key = keyEnd;
    while (key > 0 && isKeyChar(text.charCodeAt(key - 1))) key--;
    if (key === keyEnd || (quote !== '' && text[key - 1] !== quote)) continue;
    const before = key - quote.length;
    if (before > 0 && !BEFORE_KEY.test(text[before - 1] as string)) continue;
    if (!keyHoldsSecret(text.slice(key, keyEnd))) continue;
    let value = colon + 1;
    while (text[value] === ' ' || text[value] === '\t') value++;
    const lineEnd = text.indexOf('\n', value);
    from = lineEnd < 0 ? text.length : lineEnd;
    yield { key, value: [value, from] };
  }
}

/**
 * The lines below a key that belong to its value (a block scalar, a multi-line scalar, a nested collection): those
 * indented deeper than the key, a block scalar's as deep as its first line at least. None when the key is not the
 * first on its line.
 */
function linesBelow(text: string, key: number, valueEnd: number, blockScalar: boolean): OffsetRange[] {
  const lead = text.slice(lineStart(text, key), key);
  if (!/^[ \t]*(?:[-?][ \t]+)*["']?$/.test(lead)) return [];
  let deeperThan = lead.length - (/["']$/.test(lead) ? 1 : 0);
  const lines: OffsetRange[] = [];
  for (let start = nextLineStart(text, valueEnd); start < text.length; start = nextLineStart(text, start)) {
    const line = text.slice(start, lineEnd(text, start));
    const indent = /^ */.exec(line)?.[0].length ?? 0;
    if (line.trim() === '') continue;
    if (indent <= deeperThan) break;
    // A block scalar's lines are as deep as its first: a line less deep ends it (and is a syntax error, to show).
    if (blockScalar && lines.length === 0) deeperThan = indent - 1;
    lines.push([start + indent, start + line.length]);
  }
  return lines;
}

/** `disabled: false` and comments: the password login's settings written as a block mapping (the text's reading). */
function isPasswordLoginBlock(text: string, lines: readonly OffsetRange[]): boolean {
  return lines.every(([s, e]) => {
    const line = text.slice(s, e);
    return line.startsWith('#') || isPasswordLoginEntry(withoutComment(line));
  });
}

/** Secret values found in the text by key, line by line, and URL passwords anywhere, whether or not it parses. */
export function collectTextSecrets(text: string, out: SecretMap = noSecrets()): SecretMap {
  for (const found of secretKeysInText(text)) {
    const rest = text.slice(...found.value).replace(/\r$/, '');
    const value = rest.trim();
    const uncommented = withoutComment(value);
    const blockScalar = /^[|>][-+0-9]*$/.test(uncommented);
    const below = linesBelow(text, found.key, found.value[1], blockScalar);
    // A block scalar, a multi-line scalar or a nested collection; the password login's settings are none.
    if (!(uncommented === '' && isPasswordLoginBlock(text, below))) {
      // Masked in code frames only: scrubbed from messages, a line such as -----BEGIN CERTIFICATE----- would blank
      // out the words of a note that names it.
      out.ranges.push(...below);
    }
    if (uncommented === '' || blockScalar || ENV_REFERENCE.test(value.replace(/^(["'])(.*)\1$/, '$2'))) continue;
    if (isPasswordLoginText(uncommented)) continue;
    out.ranges.push([found.value[0], found.value[0] + rest.length]);
    const bare = uncommented.replace(/^[*&!]\S*\s+(?=\S)/, '').replace(/^(["'])(.*)\1,?$/, '$2').replace(/^[*&]/, '');
    for (const v of [value, bare]) if (v) out.values.add(v);
    // The parser quotes the tokens it cannot place (`Unexpected scalar token: "…"`): each longer token is a piece,
    // masked in what a message quotes (masking.ts).
    for (const token of bare.split(/[\s,[\]{}"'*&!|>#]+/)) if (token.length >= 4 && token !== bare) out.pieces.add(token);
  }
  // A URL's password outside a parsed value: in a comment (a DSN commented out), in a key, on a line that does not parse.
  for (const { at, head, password } of urlPasswords(text)) {
    out.values.add(password);
    out.ranges.push([at + head.length, at + head.length + password.length]);
  }
  return out;
}

/**
 * Finds every secret value in the given node spaces (the file's documents and embedded raw configs) and, by key,
 * in the file's text when given (its ranges are offsets in that text).
 */
export function collectSecrets(spaces: readonly NodeSpace[], fileText?: string): SecretMap {
  const out = noSecrets();
  // The documents of a file share one text, tested once: the next document's text is the same string, which `!==`
  // settles at once where a map key would be hashed.
  let tested: string | undefined;
  let worth = false;
  for (const space of spaces) {
    if (!space.root) continue;
    // What the decoder collected (misspelt secret keys included) costs nothing to go through.
    if (space.secrets) {
      for (const node of space.secrets.values) addSecretValue(space, node, out);
      for (const node of space.secrets.urls) addScalar(space, node, false, out);
      continue;
    }
    // Text without a secret key's name, a URL or an escape (which could spell a key) holds no secret: most files.
    if (space.text !== tested) {
      tested = space.text;
      worth = MAY_HOLD_SECRETS.test(tested);
    }
    if (!worth) continue;
    // A plain recursive walk: yaml's generic `visit` costs several times more on every file with a diagnostic.
    const pair = (item: Pair): void => {
      if (isScalar(item.key) && item.value) addScalar(space, item.value as Node, keyHoldsSecret(String(item.key.value)), out);
      walk(item.key);
      walk(item.value);
    };
    const walk = (node: unknown): void => {
      if (isMap(node)) {
        for (const item of node.items) pair(item);
      } else if (isSeq(node)) {
        for (const item of node.items) {
          if (isPair(item)) pair(item);
          else {
            addScalar(space, item as Node, false, out);
            walk(item);
          }
        }
      } else if (isPair(node)) {
        pair(node);
      }
    };
    try {
      walk(space.root);
    } catch {
      // Nesting too deep to walk: hide the whole text rather than risk showing a secret.
      out.ranges.push([0, Number.MAX_SAFE_INTEGER]);
    }
  }
  if (fileText !== undefined) collectTextSecrets(fileText, out);
  // An embedded text (`spec.raw`, a Secret's key, base64 or not) is read by key too, whether it parses or not, and its
  // ranges placed in the file: what is not masked in the file's own text may be hidden in an encoding of it.
  const scanned = new Set<string>();
  for (const space of spaces) {
    if ((!space.block && !space.fallback) || scanned.has(space.text)) continue;
    scanned.add(space.text);
    const inner = collectTextSecrets(space.text);
    for (const value of inner.values) out.values.add(value);
    for (const piece of inner.pieces) out.pieces.add(piece);
    for (const range of inner.ranges) out.ranges.push(fileRange(space, range));
  }
  return out;
}

/** A file's text with its secrets masked, wherever they are: for reporting a whole text, such as fixed output. */
export function maskSecretsInText(text: string): string {
  const lines = withLineFeeds(text);
  const parsed = parseYaml(lines);
  const spaces = parsed.documents.map((doc): NodeSpace => {
    const space: NodeSpace = { doc, root: doc.contents, text: lines };
    // The decoder finds the values of misspelt secret keys too; a document it cannot decode is walked by key.
    try {
      if (doc.errors.length === 0) space.secrets = goDecode(doc, lines, { secretKeys: SECRET_KEY_MATCHER }).secrets;
    } catch {
      // An alias to an undefined anchor: left to the walk.
    }
    return space;
  });
  return maskText(text, collectSecrets(spaces, lines));
}
