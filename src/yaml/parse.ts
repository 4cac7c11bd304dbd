import { base64Bytes } from '../formats/base64.js';
import { resolvePlain } from './go-scalar.js';
import { refusedTabs, type RefusedTab } from './go-tabs.js';
import { Composer, isAlias, isMap, isPair, isScalar, isSeq, Parser, YAMLParseError, type CST, type Document, type DocumentOptions, type LineCounter, type ErrorCode, type Node, type ParseOptions, type Scalar, type ScalarTag, type SchemaOptions } from 'yaml';
import { lineCounterOf } from './lines.js';

/**
 * A plain scalar that starts with none of the characters a YAML 1.1 null, boolean, number, sexagesimal or merge key
 * can start with is a string, whatever follows. The yaml package tries every YAML 1.1 type's pattern on each plain
 * scalar in turn before it settles on a string; checked first, this one pattern settles most values (names, hosts,
 * URLs) at once, with the very value and tag the string fallback gives. (`e3` is a float to the package: `e` and `E`
 * are not on the list.)
 */
export const SURELY_STRING: ScalarTag & { test: RegExp } = {
  tag: 'tag:yaml.org,2002:str',
  default: true,
  test: /^[^~NnYyTtOoFfEe+\-0-9.<]/,
  resolve: (source: string) => source,
};

/**
 * `!!binary` read as Node's Buffer reads base64 (src/formats/base64.ts) wherever the core runs: the yaml package's
 * own tag reads it with Buffer under Node and with `atob` in a browser, which throws on text that is not strict
 * base64, so that the same file would be a syntax error in the playground only. What the platform refuses is
 * judged apart (go-scalar.ts resolveTagged).
 */
export const BINARY_TAG: ScalarTag = {
  tag: 'tag:yaml.org,2002:binary',
  default: false,
  identify: (value) => value instanceof Uint8Array,
  resolve: (source: string) => base64Bytes(source),
};

/**
 * The options under which the platform's Go decoder and this linter agree on what a scalar means: YAML 1.1
 * booleans, octals and sexagesimals, but timestamps stay strings, as Go's decoder leaves them for string and
 * interface fields (metav1.Time then parses the string itself).
 */
export const PLATFORM_YAML_OPTIONS: ParseOptions & DocumentOptions & SchemaOptions = {
  version: '1.1',
  prettyErrors: false,
  // The yaml package compares each key with every earlier one (quadratic in a mapping's size); findStructureErrors
  // does the same check in linear time.
  uniqueKeys: false,
  // Collection keys (`? [a, b]`) would print a Node warning on stderr when converted; platlint reports them itself.
  logLevel: 'error',
  customTags: (tags) => [SURELY_STRING, ...tags.filter((tag) => typeof tag === 'string' || (tag.tag !== 'tag:yaml.org,2002:timestamp' && tag.tag !== BINARY_TAG.tag)), BINARY_TAG],
};

/**
 * The deepest nesting of collections platlint reads. The yaml composer and the rules recurse: with Node's default
 * stack the composer alone fails near 800 levels of flow lists, so the limit leaves room; manifests nest a few dozen.
 */
export const MAX_NESTING = 500;

export interface TooDeep {
  /** File offset of the collection that goes past the limit. */
  offset: number;
}

export interface ParsedYaml {
  text: string;
  lineCounter: LineCounter;
  documents: Document.Parsed[];
  /** Set when nesting goes past MAX_NESTING: then no document is composed. */
  tooDeep?: TooDeep;
}

/**
 * The text with each lone CR made a LF. YAML (and the Go decoder) count a lone CR as a line break; the yaml package
 * does not. LF has the same length, so offsets stay those of the file and fixes still apply to its own bytes.
 */
export function withLineFeeds(text: string): string {
  return text.includes('\r') ? text.replace(/\r(?!\n)/g, '\n') : text;
}

/** Where a CST document first nests collections deeper than the limit; an explicit stack, as input can be deep. */
function tooDeepAt(document: CST.Token): number | undefined {
  // Tokens and their depths on two stacks: a pair per token would be most of what this walk allocates.
  const tokens: (CST.Token | null | undefined)[] = [document];
  const depths: number[] = [0];
  while (tokens.length) {
    const token = tokens.pop();
    const depth = depths.pop() as number;
    if (!token) continue;
    switch (token.type) {
      case 'document':
        tokens.push(token.value);
        depths.push(depth);
        break;
      case 'block-map':
      case 'block-seq':
      case 'flow-collection':
        if (depth + 1 > MAX_NESTING) return token.offset;
        // Reversed, so that entries are visited in source order and the first place past the limit is reported.
        for (let i = token.items.length - 1; i >= 0; i--) {
          const item = token.items[i];
          tokens.push(item?.value, item?.key);
          depths.push(depth + 1, depth + 1);
        }
        break;
      default:
        // Scalars, aliases and comments hold no collections.
        break;
    }
  }
  return undefined;
}

/**
 * A scalar key as yaml.v2 tells keys apart: by value and Go type, so the float `1.0` and the int `1` are two keys
 * (which become one JSON key: the decoder warns about that), while `01` and `1` are one. The yaml package reads both
 * as the number 1; a float is marked apart (no string key holds a NUL).
 */
function keyIdentity(key: Scalar): unknown {
  if (typeof key.value !== 'number' || key.tag || typeof key.source !== 'string') return key.value;
  return resolvePlain(key.source).type === 'float' ? `\u0000float:${key.value}` : key.value;
}

/** Up to this many keys, a mapping's duplicates are found by comparing each key with those before it. */
const SMALL_MAPPING = 8;

/** Errors of findStructureErrors, which judge the tree the parser built rather than the text. */
const structureErrors = new WeakSet<YAMLParseError>();

const error = (node: Node, code: ErrorCode, message: string): YAMLParseError => {
  const start = node.range?.[0] ?? 0;
  const made = new YAMLParseError([start, Math.max(start + 1, node.range?.[1] ?? 0)], code, message);
  structureErrors.add(made);
  return made;
};

/**
 * What the composer lets through but the platform cannot read, found in one walk: repeated scalar keys (as the
 * yaml package's own `uniqueKeys` check would, in time linear in the map), an alias inside the node its anchor
 * names (an endless structure), and a list or mapping used as a key (JSON keys are strings). The walk recurses:
 * parseYaml composes nothing nested deeper than MAX_NESTING, which the stack holds with room to spare.
 * `aliases: false` says the text has no `*` at all, so that no alias can exist and anchors need no tracking.
 */
export function findStructureErrors(doc: Document.Parsed, options: { duplicates?: boolean; aliases?: boolean } = {}): void {
  const duplicates = options.duplicates ?? true;
  const anchors = options.aliases === false ? undefined : new Map<string, unknown>();
  // Collections being walked: an alias to one of them is inside the node its anchor names.
  const open = anchors ? new Set<unknown>() : undefined;
  const visit = (node: unknown): void => {
    if (!node || typeof node !== 'object') return;
    if (isScalar(node)) {
      if (anchors && node.anchor) anchors.set(node.anchor, node);
      return;
    }
    if (isAlias(node)) {
      if (open && open.size > 0 && open.has(anchors?.get(node.source))) doc.errors.push(error(node, 'BAD_ALIAS', `alias *${node.source} is inside the node its anchor names, which makes an endless structure`));
      return;
    }
    if (isPair(node)) {
      visit(node.key);
      visit(node.value);
      return;
    }
    const map = isMap(node);
    if (!map && !isSeq(node)) return;
    if (anchors && node.anchor) anchors.set(node.anchor, node);
    open?.add(node);
    // The scalar keys so far: compared one by one in a small mapping (most are), through a set in a large one.
    let keys: unknown[] | undefined;
    let seen: Set<unknown> | undefined;
    for (const item of node.items) {
      if (!map || !isPair(item)) {
        visit(item);
        continue;
      }
      const key = item.key as Node | null;
      if (isScalar(key)) {
        if (duplicates && !Number.isNaN(key.value)) {
          keys ??= [];
          if (seen === undefined && keys.length >= SMALL_MAPPING) seen = new Set(keys);
          const identity = keyIdentity(key);
          // `includes` compares as a set does (SameValueZero), and NaN keys never get here.
          if (seen ? seen.has(identity) : keys.includes(identity)) doc.errors.push(error(key, 'DUPLICATE_KEY', 'Map keys must be unique'));
          if (seen) seen.add(identity);
          else keys.push(identity);
        }
        if (anchors) visit(key);
      } else {
        if (isMap(key) || isSeq(key)) doc.errors.push(error(key, 'NON_STRING_KEY', `a ${isMap(key) ? 'mapping' : 'list'} used as a key`));
        visit(key);
      }
      // A plain scalar value holds nothing to check unless it carries an anchor.
      if (anchors || !isScalar(item.value)) visit(item.value);
    }
    open?.delete(node);
  };
  visit(doc.contents);
}

/** YAML 1.2 as the yaml package reads it by default, with the same guards: for platlint's own files. */
export const PLAIN_YAML_OPTIONS: ParseOptions & DocumentOptions & SchemaOptions = { prettyErrors: false, uniqueKeys: false, logLevel: 'error' };

/**
 * Parses a stream of documents, each checked for nesting before it is composed (the composer and the rules recurse),
 * then checks what the composer lets through. Documents are composed as the parser yields them, so a file's tokens
 * are never all held at once, unless the caller parsed them already (`tokens`).
 */
export function parseYaml(text: string, options = PLATFORM_YAML_OPTIONS, tokens?: Iterable<CST.Token>): ParsedYaml {
  const lineCounter = lineCounterOf(text);
  const composer = new Composer(options);
  const documents: Document.Parsed[] = [];
  for (const token of tokens ?? new Parser().parse(text)) {
    const offset = tooDeepAt(token);
    if (offset !== undefined) return { text, lineCounter, documents: [], tooDeep: { offset } };
    for (const doc of composer.next(token)) documents.push(doc);
  }
  for (const doc of composer.end(true, text.length)) documents.push(doc);
  const aliases = text.includes('*');
  if (options === PLATFORM_YAML_OPTIONS) addRefusedTabs(text, documents);
  for (const doc of documents) {
    findStructureErrors(doc, { aliases });
    // The yaml package reports errors in source order; keep that with the duplicate keys added.
    doc.errors.sort((a, b) => a.pos[0] - b.pos[0]);
    dropStructureErrorsAfterSyntaxError(doc);
  }
  return { text, lineCounter, documents };
}

/** A TAB the platform's parser refuses (go-tabs.ts), as a parse error of its document. */
export class RefusedTabError extends YAMLParseError {
  constructor(readonly tab: RefusedTab) {
    super([tab.offset, tab.offset + 1], 'TAB_AS_INDENT', `${tab.goError} (a TAB ${tab.place})`);
  }
}

/** Refused TABs the yaml package reads without an error, by document: the decoder reports them (go-decode.ts). */
const refusedTabsByDocument = new WeakMap<Document, RefusedTab[]>();

/** The TABs of a document the platform's parser refuses where the yaml package reads on. */
export function refusedTabsOf(doc: Document): readonly RefusedTab[] {
  return refusedTabsByDocument.get(doc) ?? [];
}

/**
 * Where the yaml package also objects on a refused TAB's line, the TAB's error takes the place of its own: that is
 * a syntax error in any reading. Elsewhere the TAB is valid YAML 1.2 and only the platform's parser refuses it, so
 * it is kept for the decoder, which reports it in platform objects only (another tool's file may hold TABs).
 */
function addRefusedTabs(text: string, documents: Document.Parsed[]): void {
  const tabs = refusedTabs(text, documents);
  if (tabs.length === 0 || documents.length === 0) return;
  const lineOf = (offset: number): number => text.lastIndexOf('\n', offset - 1);
  for (const tab of tabs) {
    const doc = documents.findLast((d) => d.range[0] <= tab.offset) ?? documents[0];
    if (!doc) continue;
    const line = lineOf(tab.offset);
    const onLine = doc.errors.filter((e) => e.code !== 'DUPLICATE_KEY' && lineOf(e.pos[0]) === line);
    if (onLine.length === 0) {
      refusedTabsByDocument.set(doc, [...refusedTabsOf(doc), tab]);
      continue;
    }
    doc.errors = doc.errors.filter((e) => !onLine.includes(e));
    doc.errors.push(new RefusedTabError(tab));
  }
}

/**
 * Once the parser has lost track, what follows sits in the collections of its recovery, not of the text: keys of two
 * list items can land in one mapping, a list can become a key. The platform stops at the first error, so the
 * structure checks (duplicate and collection keys, aliases inside their anchor) keep only what comes before it.
 */
function dropStructureErrorsAfterSyntaxError(doc: Document.Parsed): void {
  const first = doc.errors.find((e) => !structureErrors.has(e));
  if (first) doc.errors = doc.errors.filter((e) => !structureErrors.has(e) || e.pos[0] < first.pos[0]);
}
