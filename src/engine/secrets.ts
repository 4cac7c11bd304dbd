import { isAlias, isMap, isPair, isScalar, isSeq, Scalar, visit, type Node, type Pair } from 'yaml';
import { inlineConnectionPasswords } from '../formats/connection-password.js';
import { base64Text, looksBase64 } from '../formats/base64.js';
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
    // where masking "true" would blank that word out of every message of the file. Its keys are masked too, as
    // pieces: where a message quotes them (`Unknown field "…"`) and in JSON Pointers, not in a rule's own words,
    // which a key such as "enabled" may be; the password login's field names are the spec's words, no secret.
    visit(node, {
      Scalar: (key, scalar) => {
        if (scalar.value === null || typeof scalar.value === 'boolean') return;
        const text = String(scalar.value);
        if (key !== 'key') out.values.add(text);
        else if (!isPasswordLoginField(text)) out.pieces.add(text);
      },
    });
  }
  out.ranges.push(fileRange(space, [node.range[0], node.range[1]]));
}

/**
 * Where a scalar's text shows the characters of its value from `at` on: a plain or quoted scalar on one line without
 * escapes shows its value as it is. Undefined for any other (an escape, a folded line, a block scalar).
 */
function valueOffset(space: NodeSpace, node: Scalar, at: number): number | undefined {
  if (!node.range || typeof node.value !== 'string') return undefined;
  const start = node.range[0] + (node.type === Scalar.QUOTE_SINGLE || node.type === Scalar.QUOTE_DOUBLE ? 1 : 0);
  return space.text.startsWith(node.value, start) ? start + at : undefined;
}

function addScalar(space: NodeSpace, node: Node, underSecretKey: boolean, out: SecretMap): void {
  if (underSecretKey) {
    addSecretValue(space, node, out);
    return;
  }
  if (!isScalar(node) || typeof node.value !== 'string' || !node.range) return;
  // The passwords security/plaintext-secret reports, read by its own helper: a URL's, a DSN's, a `password=` pair's.
  for (const { start, end, password } of inlineConnectionPasswords(node.value)) {
    out.values.add(password);
    out.values.add(node.value.slice(start, end));
    const at = valueOffset(space, node, start);
    // Where the value is not its text as written, the whole scalar is masked rather than a guess at the password.
    out.ranges.push(fileRange(space, at === undefined ? [node.range[0], node.range[1]] : [at, at + end - start]));
  }
}

const MAY_HOLD_SECRETS = new RegExp([...SECRET_KEYS, '@', '\\\\'].join('|'));

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
 * Whether a line (from its first character that is not a space) starts an entry of its own: a key, a list item, a
 * comment, a document marker or a directive, rather than going on with a value above it.
 */
function startsEntry(line: string): boolean {
  if (/^(?:[#%]|[-?](?:\s|$)|---|\.\.\.)/.test(line)) return true;
  if (line.startsWith('{') || line.startsWith('[')) return false;
  for (let colon = line.indexOf(':'); colon > 0; colon = line.indexOf(':', colon + 1)) {
    if (colon + 1 === line.length || endsColon(line.charCodeAt(colon + 1))) return true;
  }
  return false;
}

/**
 * The lines below a key that belong to its value, each masked from its first character that is not a space: those
 * indented deeper than the key (a block scalar, a multi-line scalar, a nested collection, a block scalar's line less
 * deep than its first), and, up to the next entry (startsEntry) as deep as the key or less, any line whose
 * indentation holds a tab and any line that starts no entry: the parser refuses or cannot place those lines, so
 * cannot say whose value they are, and they are taken for the secret's. None when the key is not the first on its
 * line.
 */
function linesBelow(text: string, key: number, valueEnd: number): OffsetRange[] {
  const lead = text.slice(lineStart(text, key), key);
  if (!/^[ \t]*(?:[-?][ \t]+)*["']?$/.test(lead)) return [];
  const keyColumn = lead.length - (/["']$/.test(lead) ? 1 : 0);
  const lines: OffsetRange[] = [];
  for (let start = nextLineStart(text, valueEnd); start < text.length; start = nextLineStart(text, start)) {
    const end = lineEnd(text, start);
    let content = start;
    while (text[content] === ' ') content++;
    if (text.slice(content, end).trim() === '') continue;
    // Tabs are content: a line indented with one is masked from the tab on.
    if (content - start <= keyColumn && text[content] !== '\t' && startsEntry(text.slice(content, end))) break;
    lines.push([content, end]);
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
    const below = linesBelow(text, found.key, found.value[1]);
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
  // A connection string's password outside a parsed value: in a comment (a DSN commented out), in a key, on a line
  // that does not parse. One that a parsed value placed already is masked where it placed it: read in the text, it
  // runs on to the next blank, over the value's closing quote.
  const placed = new Set(out.ranges.map(([start]) => start));
  for (const { start, end, password } of inlineConnectionPasswords(text)) {
    if (placed.has(start)) continue;
    out.values.add(password);
    out.ranges.push([start, end]);
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
      for (const node of space.secrets.connections) addScalar(space, node, false, out);
      continue;
    }
    // Text without a secret key's name, an `@` (of a URL's or a DSN's user info) or an escape (which could spell a
    // key) holds no secret: most files.
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

/** The secrets of a whole text: its documents parsed and decoded as the engine reads them, and the text by key. */
function secretsOfText(text: string): SecretMap {
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
  const found = collectSecrets(spaces, lines);
  // A base64 value (spec.raw, a Secret's data) whose text holds a secret is masked whole, as a report masks it: its
  // text is read here without the lint's extraction, which says which values are embedded configurations.
  for (const doc of parsed.documents) {
    visit(doc, {
      Scalar: (_key, node) => {
        if (typeof node.value !== 'string' || !node.range || !looksBase64(node.value)) return;
        const decoded = base64Text(node.value.replace(/\s+/g, ''));
        // No key, user info or pair, no secret: most base64-looking words are not worth parsing.
        if (!/[:@=]/.test(decoded)) return;
        const inner = secretsOfText(decoded);
        if (inner.ranges.length === 0) return;
        found.ranges.push([node.range[0], node.range[1]]);
        for (const value of inner.values) found.values.add(value);
        for (const piece of inner.pieces) found.pieces.add(piece);
      },
    });
  }
  return found;
}

/** A file's text with its secrets masked, wherever they are: for reporting a whole text, such as fixed output. */
export function maskSecretsInText(text: string): string {
  return maskText(text, secretsOfText(text));
}
