/**
 * How the secrets found in a file (secrets.ts) are kept out of what platlint shows: masked at their ranges in the
 * lines of code frames and fixed text, scrubbed by value from messages.
 */
import { quoteMeta } from '../formats/go-text.js';
import type { OffsetRange } from './node-space.js';

export const MASK = '****';

export interface SecretMap {
  /** File ranges to mask in code frames. */
  ranges: OffsetRange[];
  /** Secret strings to scrub from messages. */
  values: Set<string>;
  /**
   * The longer words of a value read by key from the text, which a parser's message may quote alone: scrubbed from
   * what a message quotes of the file (its data) and from code frames, not from a rule's own wording, whose words
   * they may be (`caData: "not base64"` does not blank "base64" out of every note of the file).
   */
  pieces: Set<string>;
}

/** What scrubs messages of secrets, without where they are in a text. */
export type SecretValues = Pick<SecretMap, 'values' | 'pieces'>;

/**
 * A text's secrets and those of the rest of its file (a file linted a document at a time): a message may quote a
 * value that is a secret in another document. The ranges stay the text's own: the others' are in other texts.
 */
export function withSecretValues(secrets: SecretMap, more: SecretValues | undefined): SecretMap {
  if (!more || (more.values.size === 0 && more.pieces.size === 0)) return secrets;
  return { ranges: secrets.ranges, values: new Set([...secrets.values, ...more.values]), pieces: new Set([...secrets.pieces, ...more.pieces]) };
}

export function noSecrets(): SecretMap {
  return { ranges: [], values: new Set(), pieces: new Set() };
}

type Scrub = (text: string) => string;

/** One replacement per secret value, worked out once per set of values rather than for every message scrubbed. */
function scrubberOf(values: readonly string[]): Scrub {
  const steps: Scrub[] = [];
  // Longest first, so that a value containing another is masked whole.
  for (const value of [...values].sort((a, b) => b.length - a.length)) {
    if (value.length >= 4) steps.push((text) => text.split(value).join(MASK));
    // A very short value is masked only as a word of its own, so that it does not mangle ordinary words.
    else if (value.trim() !== '') {
      const word = new RegExp(`(?<![\\w*])${quoteMeta(value)}(?!\\w)`, 'g');
      steps.push((text) => text.replace(word, MASK));
    }
  }
  return (text) => steps.reduce((result, step) => step(result), text);
}

/** A file's two scrubbers, made when first asked; `size` tells a map that grew since (patch adds the values it wrote). */
interface Scrubbers {
  size: number;
  quoted?: Scrub;
  wording?: Scrub;
}

const scrubbers = new WeakMap<SecretMap, Scrubbers>();

function scrubbersOf(secrets: SecretMap): Scrubbers {
  const size = secrets.values.size + secrets.pieces.size;
  const known = scrubbers.get(secrets);
  if (known && known.size === size) return known;
  const fresh: Scrubbers = { size };
  scrubbers.set(secrets, fresh);
  return fresh;
}

/** Text quoted from the file (a message's data, a line, a message made elsewhere): every secret and piece masked. */
export function scrubMessage(message: string, secrets: SecretMap): string {
  if (secrets.values.size === 0 && secrets.pieces.size === 0) return message;
  const made = scrubbersOf(secrets);
  made.quoted ??= scrubberOf([...secrets.values, ...secrets.pieces]);
  return made.quoted(message);
}

/** A rule's own wording around what it quotes: whole secret values masked, their pieces left as the words they are. */
export function scrubWording(message: string, secrets: SecretMap): string {
  if (secrets.values.size === 0) return message;
  const made = scrubbersOf(secrets);
  made.wording ??= scrubberOf([...secrets.values]);
  return made.wording(message);
}

/** Whether a text holds a whole secret value: an edit that would write one. */
export function holdsSecret(text: string, secrets: SecretMap): boolean {
  return scrubWording(text, secrets) !== text;
}

/**
 * The text (starting at file offset `offset`) with each secret range in it replaced by one mask. Ranges overlap
 * when a value is found both in the parsed tree and by key in the text; they are merged, not masked twice.
 */
function maskRanges(text: string, offset: number, ranges: readonly OffsetRange[]): string {
  const inside = ranges
    .filter(([s, e]) => s < offset + text.length && e > offset)
    .map(([s, e]) => [Math.max(0, s - offset), Math.min(text.length, e - offset)] as const)
    .sort((x, y) => x[0] - y[0]);
  let out = '';
  let at = 0;
  for (const [s, e] of inside) {
    if (e <= at) continue;
    if (s >= at) out += text.slice(at, s) + MASK;
    at = e;
  }
  return out + text.slice(at);
}

/** The whole text with every secret in it replaced by the mask (the fixed text `--fix-dry-run` reports). */
export function maskText(text: string, secrets: SecretMap): string {
  return scrubMessage(maskRanges(text, 0, secrets.ranges), secrets);
}

/** One source line with every secret inside it replaced by the mask. */
export function maskLine(text: string, lineStart: number, secrets: SecretMap): string {
  return maskRanges(text, lineStart, secrets.ranges);
}
