/**
 * Plain block YAML composed straight from the parser's tokens, with its data as the platform decodes it, in one
 * walk: what most manifests are (block mappings and lists of untagged scalars under string keys). The yaml
 * package's composer, then the Go decoder's walk over its nodes (go-decode.ts), cost most of what linting a clean
 * file costs beyond parsing; for this kind of YAML both come down to building the same nodes and values here.
 *
 * It answers only where its nodes are the composer's (class, range, value, source, type, format; comments, which
 * nothing of platlint reads from a manifest's nodes, are not kept) and its data, null flag and secret candidates are
 * goDecode's, with no finding from either. Anything else (tags, anchors, aliases, flow mappings with entries, merge
 * keys, keys that are not plain strings, duplicate keys, values the platform reads differently, escapes YAML 1.1 lacks, TABs,
 * any token the composer could object to) makes it give up on the document, which is then composed and decoded the
 * usual way with all after it. test/yaml/token-compose.test.ts checks the agreement on the fixtures, the YAML spec's
 * suite, texts changed from them and files of several of them.
 */
import { CST, Document, isScalar, Scalar, type YAMLMap, type YAMLSeq, type Node, type ScalarTag, type Schema } from 'yaml';
import { BOOL_AND_NULL, NOT_ONLY_STRING, resolvePlain } from './go-scalar.js';
import { mayHoldConnectionPassword } from '../formats/connection-password.js';
import { DECIMAL_LOOKING, type SecretCandidates } from './go-decode.js';
import { SURELY_STRING } from './parse.js';
import { newMap, newPair, newScalar, newSeq, sharedParts } from './token-nodes.js';

/** One document: its nodes, its data as goDecode gives it, whether a value is null, and the nodes that may hold secrets. */
export interface TokenDocument {
  doc: Document.Parsed;
  data: unknown;
  sawNull: boolean;
  secrets: SecretCandidates;
}

/** Thrown inside the walk when the file is not of the plain kind; caught at its top. */
const NOT_PLAIN = new Error('not plain block YAML');

/** Deeper than this, the usual reader (with its nesting limit) takes the file. */
const MAX_DEPTH = 64;

/** The YAML 1.1 float the yaml package reads in `e3` (no digits before the exponent), which Go reads as a string. */
const EXPONENT_ONLY = /^[eE][-+]?[0-9]+$/;

/** First characters the composer refuses in a plain scalar (resolve-flow-scalar.js plainValue); `''` is empty. */
const PLAIN_BAD_START = new Set(['', '\t', ',', '%', '|', '>', '@', '`']);

const LAYOUT = new Set(['space', 'newline', 'comment']);
const KEY_END = new Set(['space']);
const BLOCK_HEADER = new Set(['block-scalar-header', 'space', 'newline', 'comment']);
const SEPARATOR = new Set(['map-value-ind', 'space', 'newline', 'comment']);
const SEQUENCE_ITEM = new Set(['seq-item-ind', 'space', 'newline', 'comment']);
const DOCUMENT_START = new Set(['doc-start', 'space', 'newline', 'comment']);
/** What may stand between the items of a one-line flow list: a comma and spaces, nothing else. */
const FLOW_ITEM_START = new Set(['comma', 'space']);
const FLOW_SCALAR_END = new Set(['space']);

/** Where a node made here ends, the layout after it included: every node made here has its range. */
function nodeEnd(node: Node): number {
  return (node.range as [number, number, number])[2];
}

function notPlain(): never {
  throw NOT_PLAIN;
}

/**
 * Tokens of the allowed types only, each comment with white space before it (else the composer objects); returns
 * the offset where the last token ends, or `offset` when there is none (resolve-props.js `end`).
 */
function layoutEnd(tokens: readonly CST.SourceToken[] | undefined, text: string, allowed: ReadonlySet<string>, offset: number): number {
  if (!tokens) return offset;
  let end = offset;
  for (const token of tokens) {
    if (!allowed.has(token.type)) notPlain();
    if (token.type === 'comment' && token.offset > 0 && text[token.offset - 1] !== ' ' && text[token.offset - 1] !== '\n') notPlain();
    end = token.offset + token.source.length;
  }
  return end;
}

/** Where the composer puts an empty value: after the white space that follows the last token before it. */
function emptyPosition(offset: number, before: readonly CST.SourceToken[]): number {
  let at = offset;
  let i = before.length - 1;
  for (; i >= 0; i--) {
    const token = before[i] as CST.SourceToken;
    if (token.type !== 'space' && token.type !== 'comment' && token.type !== 'newline') break;
    at -= token.source.length;
  }
  for (let j = i + 1; j < before.length && before[j]?.type === 'space'; j++) at += (before[j] as CST.SourceToken).source.length;
  return at;
}

type FlowScalarToken = CST.FlowScalar & { type: 'scalar' | 'single-quoted-scalar' | 'double-quoted-scalar' };

/** The node type of each kind of flow scalar token. */
const FLOW_SCALAR_TYPE = { scalar: Scalar.PLAIN, 'single-quoted-scalar': Scalar.QUOTE_SINGLE, 'double-quoted-scalar': Scalar.QUOTE_DOUBLE } as const;

function isFlowScalar(token: CST.Token | null | undefined): token is FlowScalarToken {
  return token?.type === 'scalar' || token?.type === 'single-quoted-scalar' || token?.type === 'double-quoted-scalar';
}

class TokenComposer {
  sawNull = false;
  readonly secrets: SecretCandidates = { values: [], connections: [] };

  constructor(
    private readonly text: string,
    private readonly doc: Document,
    private readonly secretKeys: { has(key: string): boolean },
  ) {}

  /** A scalar's text, node type and range as the composer resolves them; NOT_PLAIN where the composer would object. */
  private resolved(token: FlowScalarToken | CST.BlockScalar): { value: string; type: Scalar.Type; range: [number, number, number] } {
    const source = token.source;
    // Most scalars fit on their line and hold nothing to resolve: their text is their source, read here at once.
    if (token.type !== 'block-scalar' && !source.includes('\n')) {
      let value: string | undefined;
      if (token.type === 'scalar' && !PLAIN_BAD_START.has(source[0] ?? '')) value = source;
      else if (token.type === 'single-quoted-scalar' && source.length > 1 && source.endsWith("'")) value = source.slice(1, -1).replace(/''/g, "'");
      else if (token.type === 'double-quoted-scalar' && source.length > 1 && source.endsWith('"') && !source.includes('\\')) value = source.slice(1, -1);
      if (value !== undefined) {
        const end = token.offset + source.length;
        return { value, type: FLOW_SCALAR_TYPE[token.type], range: [token.offset, end, layoutEnd(token.end, this.text, LAYOUT, end)] };
      }
    }
    let failed = false;
    const resolved = CST.resolveAsScalar(token, true, () => {
      failed = true;
    });
    if (failed || !resolved?.type) return notPlain();
    return { value: resolved.value, type: resolved.type, range: resolved.range };
  }

  /** The scalar node the composer makes of a text (compose-scalar.js): a plain one typed by the schema's tests. */
  private scalarNode(value: string, range: [number, number, number], type: Scalar.Type, atKey: boolean): Scalar {
    let tag: ScalarTag | undefined;
    // A plain text that starts like no YAML 1.1 type but a string settles on the first tag of the schema, SURELY_STRING
    // (parse.ts), which gives the text itself; so does every key that gets here (key() has turned away the others).
    if (type === Scalar.PLAIN && !atKey && !SURELY_STRING.test.test(value)) {
      for (const candidate of (this.doc.schema as Schema).tags as ScalarTag[]) {
        if (candidate.default === true && candidate.test?.test(value)) {
          tag = candidate;
          break;
        }
      }
    }
    let node: Scalar;
    if (tag) {
      let failed = false;
      const read = tag.resolve(value, () => (failed = true), this.doc.options);
      if (failed) notPlain();
      node = isScalar(read) ? (read as Scalar) : newScalar(read);
    } else node = newScalar(value);
    node.range = range;
    node.source = value;
    node.type = type;
    if (tag?.format) node.format = tag.format;
    return node;
  }

  private key(token: CST.Token | null | undefined, indent: number): { key: string; node: Scalar } {
    if (!isFlowScalar(token)) return notPlain();
    // On one line, at the mapping's column, and not so long that YAML forbids it as an implicit key.
    if (token.indent !== indent || token.source.includes('\n') || token.source.length > 1000) notPlain();
    layoutEnd(token.end, this.text, KEY_END, 0);
    if (token.type === 'double-quoted-scalar' && token.source.includes('\\')) notPlain();
    const { value, type, range } = this.resolved(token);
    // A plain key is a string to both readers only when it is neither a YAML 1.1 boolean, null or number to the
    // yaml package nor anything but a string to the Go resolver; `<<` is a merge.
    if (type === Scalar.PLAIN && (value === '' || value === '<<' || BOOL_AND_NULL.has(value) || EXPONENT_ONLY.test(value) || '+-0123456789.~'.includes(value[0] ?? ''))) notPlain();
    if (value === '__proto__') notPlain();
    return { key: value, node: this.scalarNode(value, range, type, true) };
  }

  /** A scalar value's node and data (go-decode.ts scalarValue). */
  private scalar(token: FlowScalarToken | CST.BlockScalar): [Scalar, unknown] {
    if (token.type === 'block-scalar') layoutEnd(token.props as CST.SourceToken[], this.text, BLOCK_HEADER, 0);
    // Escapes are fine (the composer resolves them as Go does) but `\/`, which YAML 1.1 lacks.
    else if (token.type === 'double-quoted-scalar' && token.source.includes('\\/')) notPlain();
    const { value: text, type, range } = this.resolved(token);
    const node = this.scalarNode(text, range, type, false);
    // A string that may carry a connection string's password.
    if (typeof node.value === 'string' && mayHoldConnectionPassword(node.value)) this.secrets.connections.push(node);
    // Quoted and block scalars are strings; a plain one is what the Go resolver reads in it.
    if (type !== Scalar.PLAIN || (text !== '' && !NOT_ONLY_STRING.has(text[0] ?? ''))) return [node, text];
    const read = resolvePlain(text);
    switch (read.type) {
      case 'null':
        return [node, null];
      case 'int':
        // The decoder warns where digits that look decimal are octal to it (go-decode.ts checkOctal).
        if (DECIMAL_LOOKING.test(text)) notPlain();
        return [node, read.value];
      case 'float':
        // NaN and infinity are no JSON: the decoder reports them.
        if (!Number.isFinite(read.value)) notPlain();
        return [node, read.value];
      default:
        return [node, read.value];
    }
  }

  /**
   * A value's node and data. An absent one is the empty scalar the composer makes after the tokens `before` it,
   * which end at `beforeEnd`: a comment among them ends the empty value's range (compose-node.js composeEmptyNode).
   */
  value(token: CST.Token | undefined, before: readonly CST.SourceToken[], beforeEnd: number, depth: number): [Node, unknown] {
    if (depth > MAX_DEPTH) notPlain();
    let made: [Node, unknown];
    if (token === undefined) {
      const at = emptyPosition(beforeEnd, before);
      made = [this.scalarNode('', [at, at, before.some((t) => t.type === 'comment') ? beforeEnd : at], Scalar.PLAIN, false), null];
    }
    else if (token.type === 'block-map') made = this.mapping(token, depth);
    else if (token.type === 'block-seq') made = this.list(token, depth);
    else if (token.type === 'flow-collection') made = this.flow(token, depth);
    else if (isFlowScalar(token) || token.type === 'block-scalar') made = this.scalar(token);
    else return notPlain();
    if (made[1] === null) this.sawNull = true;
    return made;
  }

  private mapping(map: CST.BlockMap, depth: number): [YAMLMap, Record<string, unknown>] {
    const node = newMap();
    const out: Record<string, unknown> = {};
    const items = map.items;
    let offset = map.offset;
    let commentEnd: number | undefined;
    for (let i = 0; i < items.length; i++) {
      const item = items[i] as CST.CollectionItem & { explicitKey?: true };
      const startEnd = layoutEnd(item.start, this.text, LAYOUT, offset);
      if (item.explicitKey) notPlain();
      if (!item.sep) {
        // Only comments after the last entry; anything else is a key without a value, or worse.
        if (item.key !== undefined || item.value !== undefined || i !== items.length - 1) notPlain();
        commentEnd = startEnd;
        continue;
      }
      const { key, node: keyNode } = this.key(item.key, map.indent);
      const sepEnd = this.separator(item.sep, item.value, item.key as CST.Token);
      if (Object.prototype.hasOwnProperty.call(out, key)) notPlain();
      const [valueNode, value] = this.value(item.value, item.sep, sepEnd, depth + 1);
      node.items.push(newPair(keyNode, valueNode));
      out[key] = value;
      if (this.secretKeys.has(key)) this.secrets.values.push(valueNode);
      offset = nodeEnd(valueNode);
    }
    if (commentEnd !== undefined && commentEnd < offset) notPlain();
    node.range = [map.offset, offset, commentEnd ?? offset];
    return [node, out];
  }

  /** `key: value`: one `:` first, then layout; a nested collection starts on a later line. Returns its end. */
  private separator(sep: readonly CST.SourceToken[], value: CST.Token | undefined, key: CST.Token): number {
    let colon: CST.SourceToken | undefined;
    let newline = false;
    for (const token of sep) {
      if (token.type === 'map-value-ind') {
        if (colon) notPlain();
        colon = token;
      } else if (!colon && token.type !== 'space') notPlain();
      else if (token.type === 'newline') newline = true;
    }
    if (!colon || colon.offset - key.offset > 1000) notPlain();
    if (value && (value.type === 'block-map' || value.type === 'block-seq') && !newline) notPlain();
    return layoutEnd(sep, this.text, SEPARATOR, 0);
  }

  /**
   * A flow collection on one line: `[a, "b"]`, `[]` or `{}`, the forms manifests write (resolve-flow-collection.js).
   * Flow mappings with entries, nested collections, pairs in a list and trailing commas are the usual reader's.
   */
  private flow(token: CST.FlowCollection, depth: number): [YAMLMap | YAMLSeq, unknown] {
    const close = token.end[0];
    const isMapping = token.start.source === '{';
    if (!close || close.source !== (isMapping ? '}' : ']') || (isMapping && token.items.length > 0)) notPlain();
    const cePos = close.offset + close.source.length;
    if (this.text.slice(token.offset, cePos).includes('\n')) notPlain();
    const node = isMapping ? newMap() : newSeq();
    node.flow = true;
    const out: unknown[] = [];
    let offset = token.offset + token.start.source.length;
    for (let i = 0; i < token.items.length; i++) {
      const item = token.items[i] as CST.CollectionItem;
      let commas = 0;
      for (const t of item.start) if (t.type === 'comma') commas++;
      if (commas !== (i === 0 ? 0 : 1) || item.key !== undefined || item.sep !== undefined || !isFlowScalar(item.value)) notPlain();
      layoutEnd(item.start, this.text, FLOW_ITEM_START, offset);
      layoutEnd(item.value.end, this.text, FLOW_SCALAR_END, 0);
      const [valueNode, value] = this.value(item.value, [], 0, depth + 1);
      (node as YAMLSeq).items.push(valueNode);
      out.push(value);
      offset = nodeEnd(valueNode);
    }
    const rest = token.end.slice(1);
    node.range = [token.offset, cePos, layoutEnd(rest, this.text, LAYOUT, cePos)];
    return [node, isMapping ? {} : out];
  }

  private list(seq: CST.BlockSequence, depth: number): [YAMLSeq, unknown[]] {
    const node = newSeq();
    const out: unknown[] = [];
    const items = seq.items;
    let offset = seq.offset;
    let commentEnd: number | undefined;
    for (let i = 0; i < items.length; i++) {
      const item = items[i] as CST.CollectionItem;
      let dash = 0;
      for (const token of item.start) if (token.type === 'seq-item-ind') dash++;
      if (dash === 0) {
        if (item.value !== undefined || i !== items.length - 1) notPlain();
        commentEnd = layoutEnd(item.start, this.text, LAYOUT, offset);
        continue;
      }
      if (dash !== 1) notPlain();
      const startEnd = layoutEnd(item.start, this.text, SEQUENCE_ITEM, offset);
      const [valueNode, value] = this.value(item.value, item.start, startEnd, depth + 1);
      node.items.push(valueNode);
      out.push(value);
      offset = nodeEnd(valueNode);
    }
    if (commentEnd !== undefined && commentEnd < offset) notPlain();
    node.range = [seq.offset, offset, commentEnd ?? offset];
    return [node, out];
  }
}

function composeDocument(token: CST.Document, text: string, secretKeys: { has(key: string): boolean }): TokenDocument {
  layoutEnd(token.start, text, DOCUMENT_START, 0);
  const value = token.value;
  // A document of one scalar, or of nothing, is rare in manifests; the usual reader takes it.
  if (!value || (value.type !== 'block-map' && value.type !== 'block-seq')) notPlain();
  // A collection may not start on the line of `---`.
  const marker = token.start.findIndex((t) => t.type === 'doc-start');
  if (marker >= 0 && !token.start.slice(marker).some((t) => t.type === 'newline')) notPlain();
  const doc = new Document(undefined, sharedParts().options);
  if (marker >= 0 && doc.directives) doc.directives.docStart = true;
  const composer = new TokenComposer(text, doc, secretKeys);
  const [contents, data] = composer.value(value, [], 0, 0);
  doc.contents = contents;
  const contentEnd = nodeEnd(contents);
  doc.range = [token.offset, contentEnd, layoutEnd(token.end, text, LAYOUT, contentEnd)];
  return { doc: doc as Document.Parsed, data, sawNull: composer.sawNull, secrets: composer.secrets };
}

/**
 * A file's documents as the parser yields them: composed and decoded here while they are plain block YAML, and from
 * the first that is not on, `rest`, the tokens for the usual composer: the layout since the last document composed
 * here, that document's token, then the tokens not yet read. The usual composer so reads that document and those
 * after it as it would in the whole stream, since nothing before them (a directive, `...`, an error) is left for it
 * to carry over; where something is, the answer is undefined and the file is read again from the start. Tokens are
 * read one at a time, so a large file's are never all held. TABs, carriage returns and byte order marks leave the
 * whole file to the usual reader, whose checks of them (go-tabs.ts, withLineFeeds) read the text.
 */
export function composeTokens(tokens: Iterable<CST.Token>, text: string, secretKeys: { has(key: string): boolean }): TokenSplit | undefined {
  const composed: TokenDocument[] = [];
  if (text.includes('\t') || text.includes('\r') || text.includes('\uFEFF')) return { composed, rest: tokens };
  const unread = tokens[Symbol.iterator]();
  let layout: CST.Token[] = [];
  for (let next = unread.next(); !next.done; next = unread.next()) {
    const token = next.value;
    if (LAYOUT.has(token.type)) {
      layout.push(token);
      continue;
    }
    const document = token.type === 'document' ? plainDocument(token, text, secretKeys) : undefined;
    if (document) {
      composed.push(document);
      layout = [];
    } else if (token.type === 'document' || composed.length === 0) {
      return { composed, rest: followedBy([...layout, token], unread) };
    } else {
      return undefined;
    }
  }
  return { composed, rest: composed.length > 0 ? undefined : layout };
}

/** What composeTokens made of a file: the documents composed here, then the tokens left for the usual composer. */
export interface TokenSplit {
  composed: TokenDocument[];
  /** Undefined when every document was composed here. */
  rest: Iterable<CST.Token> | undefined;
}

function plainDocument(token: CST.Document, text: string, secretKeys: { has(key: string): boolean }): TokenDocument | undefined {
  try {
    return composeDocument(token, text, secretKeys);
  } catch (error) {
    if (error === NOT_PLAIN) return undefined;
    throw error;
  }
}

function* followedBy(read: readonly CST.Token[], unread: Iterator<CST.Token>): Generator<CST.Token> {
  yield* read;
  for (let next = unread.next(); !next.done; next = unread.next()) yield next.value;
}
