/**
 * The one reader of YAML text: its documents, each with its data, and the findings of reading them (syntax errors in
 * plain words, keys written twice, values the platform's decoder refuses or reads differently). The engine reads
 * manifests with it, and so do `platlint patch`, the policy loader and the settings file, so that a syntax error is
 * the same `yaml/syntax` finding, at the same place, wherever it is.
 */
import { Parser, type Document } from 'yaml';
import yamlDuplicateKeyRule from '../../rules/yaml/duplicate-key/index.js';
import yamlSyntaxRule from '../../rules/yaml/syntax/index.js';
import { MAX_NESTING, parseYaml, PLAIN_YAML_OPTIONS, PLATFORM_YAML_OPTIONS, withLineFeeds, type ParsedYaml } from '../yaml/parse.js';
import { lineCounterOf } from '../yaml/lines.js';
import { goDecode, type GoDecoded, type GoDecodeOptions } from '../yaml/go-decode.js';
import { composeTokens, type TokenDocument } from '../yaml/token-compose.js';
import { plainData, type TypedValue } from '../yaml/plain-data.js';
import { SECRET_KEY_MATCHER } from './secrets.js';
import type { NodeSpace, OffsetRange } from './node-space.js';
import type { Finding } from './types.js';
import { aliasFinding, recoverSwallowedDocuments, yamlErrorFindings } from './yaml-errors.js';

/**
 * Decodes a space's document as the platform does, and keeps on the space what the decoder found on its way: the
 * nodes that may hold secrets and whether any value is null. Nothing is kept from a document the platform refuses.
 */
export function decodeSpace(space: NodeSpace, options: Omit<GoDecodeOptions, 'secretKeys'> = {}): GoDecoded {
  const decoded = goDecode(space.doc, space.text, { ...options, secretKeys: SECRET_KEY_MATCHER });
  if (!decoded.fatal) {
    if (decoded.secrets) space.secrets = decoded.secrets;
    space.holdsNulls = decoded.sawNull;
  }
  return decoded;
}

export interface ReadDocument {
  index: number;
  doc: Document.Parsed;
  space: NodeSpace;
  /** Up to the next document: one that swallowed the rest of the file (an unclosed quote) ends there. */
  range: OffsetRange;
  /** What reading found that is reported whatever the document holds: syntax errors, keys no decoder can read. */
  findings: Finding[];
  /**
   * In a document that was read: keys written twice, and where the platform's decoder refuses or changes a value.
   * The platform's business only in its own objects (`on:` is a GitHub workflow's key, not a boolean).
   */
  duplicateKeys: Finding[];
  decoding: Finding[];
  /** Its data cannot be built: syntax errors, or a document the platform refuses as a whole. */
  unreadable: boolean;
  /** The values, as the platform's decoder reads them (or as YAML 1.2 does, `plain`); undefined when unreadable. */
  data: unknown;
  /**
   * Read `plain`: the values whose tag makes something plain data cannot hold (`!!binary`, `!!timestamp`, `!!set`,
   * `!!omap`), each null in `data`. A settings file holds none; the caller says so at each one.
   */
  typed: readonly TypedValue[];
}

export interface YamlRead {
  parsed: ParsedYaml;
  /** What is said of the whole text: it cannot be parsed, or it nests deeper than platlint reads. */
  findings: Finding[];
  documents: ReadDocument[];
}

export interface ReadOptions {
  /**
   * YAML 1.2 as the yaml package reads it, for platlint's own settings file, whose `off` and `on` are severities
   * (YAML 1.1, which the platform reads, makes them booleans). Default: as the platform reads a manifest.
   */
  plain?: boolean;
}

/** A `yaml/syntax` finding about the whole text, at an offset: it cannot be read (bytes that are no text, too deep). */
export function unreadableText(detail: string, at: number): Finding {
  return { ...yamlSyntaxRule.finding('syntax', { detail }), range: [at, at + 1], pointer: '', document: 0 };
}

/** Nesting past MAX_NESTING, which parseYaml refuses to compose: one finding at the collection that goes too deep. */
export function tooDeepFinding(offset: number): Finding {
  return unreadableText(`lists and mappings nest deeper than ${MAX_NESTING} levels from here, the most platlint reads`, offset);
}

/**
 * A document's data as the platform decodes it, with the decoder's findings in the space's own offsets; an alias to
 * no anchor (or an alias bomb) is one finding on the alias. `readable` is false when there is no data to lint (the
 * platform refuses the document). A manifest and an embedded configuration are read through here alike.
 */
export function decodeDocument(space: NodeSpace, document: number, pointer: string, options?: Omit<GoDecodeOptions, 'secretKeys'>): { data: unknown; findings: Finding[]; readable: boolean } {
  try {
    const decoded = decodeSpace(space, options);
    return { data: decoded.data, findings: decoded.findings.map((f) => ({ ...f, document, pointer })), readable: !decoded.fatal };
  } catch (error) {
    return { data: undefined, findings: [aliasFinding(document, space.doc, error, pointer)], readable: false };
  }
}

/** How a text becomes documents: as YAML 1.2 (the settings file), as the platform reads a manifest, or by the usual composer alone. */
type Parse = (text: string) => ManifestParse;
const PLAIN: Parse = (text) => ({ parsed: parseYaml(text, PLAIN_YAML_OPTIONS), composed: [] });
const MANIFEST: Parse = (text) => {
  const read = parseManifest(text);
  return { ...read, parsed: recoverSwallowedDocuments(read.parsed) };
};
const USUAL: Parse = (text) => ({ parsed: recoverSwallowedDocuments(parseYaml(text)), composed: [] });

/** A text's documents, with what is said of the whole text (it cannot be parsed, it nests too deep). */
type TextParse = ManifestParse & { findings: Finding[] };

function parse(text: string, how: Parse): TextParse {
  try {
    const read = how(text);
    return { ...read, findings: read.parsed.tooDeep ? [tooDeepFinding(read.parsed.tooDeep.offset)] : [] };
  } catch (error) {
    // The parser recurses on nesting; absurdly deep input exhausts the stack rather than failing cleanly.
    const finding = unreadableText(`the file cannot be parsed: ${(error as Error).message}`, 0);
    return { parsed: { text, lineCounter: parseYaml('').lineCounter, documents: [] }, composed: [], findings: [{ ...finding, range: [0, Math.min(1, text.length)] }] };
  }
}

/** Reads YAML text (lone CRs read as line breaks, as YAML and the platform count them). Never throws. */
export function readYaml(source: string, options: ReadOptions = {}): YamlRead {
  const plain = options.plain === true;
  return readParsed(parse(withLineFeeds(source), plain ? PLAIN : MANIFEST), plain);
}

/** A text parsed as the platform reads a manifest, with the documents of it that the token composer composed. */
export interface ManifestParse {
  parsed: ParsedYaml;
  /** The first documents of `parsed`, with their data: those the token composer read before it gave up, if it did. */
  composed: readonly TokenDocument[];
}

/**
 * Most manifests are plain block YAML, composed and decoded straight from the parser's tokens (token-compose.ts);
 * from the first document that is not, the usual composer (parseYaml) reads on with the tokens not yet read. The
 * parser yields a document at a time, and neither composer holds more than one document's tokens. Throws where
 * parseYaml does (input that exhausts the parser's stack).
 */
export function parseManifest(text: string): ManifestParse {
  const split = composeTokens(new Parser().parse(text), text, SECRET_KEY_MATCHER);
  // Something before the document the token composer gave up on is left for the usual composer: it reads all again.
  if (!split) return { parsed: parseYaml(text), composed: [] };
  const documents = split.composed.map(({ doc }) => doc);
  if (!split.rest) return { parsed: { text, lineCounter: lineCounterOf(text), documents }, composed: split.composed };
  const rest = parseYaml(text, PLATFORM_YAML_OPTIONS, split.rest);
  // Too deep anywhere, and no document of the file is read.
  if (rest.tooDeep) return { parsed: rest, composed: [] };
  return { parsed: { ...rest, documents: [...documents, ...rest.documents] }, composed: split.composed };
}

/** A manifest read by the usual composer alone, whatever it holds: the reader the token composer must agree with. */
export function composeYaml(source: string): YamlRead {
  return readParsed(parse(withLineFeeds(source), USUAL), false);
}

function readParsed({ parsed, composed, findings }: TextParse, plain: boolean): YamlRead {
  const { text, documents } = parsed;
  return {
    parsed,
    findings,
    documents: documents.map((doc, index): ReadDocument => {
      const range: OffsetRange = [doc.range[0], Math.min(doc.range[2], documents[index + 1]?.range[0] ?? Infinity)];
      const tokens = composed[index];
      // Composed from its tokens: nothing to report, by the token composer's contract.
      if (tokens) {
        const space: NodeSpace = { doc, root: doc.contents, text, secrets: tokens.secrets, holdsNulls: tokens.sawNull };
        return { index, doc, space, range, findings: [], duplicateKeys: [], decoding: [], unreadable: false, data: tokens.data, typed: [] };
      }
      const space: NodeSpace = { doc, root: doc.contents, text };
      const errors = yamlErrorFindings(index, space, doc, '');
      const duplicateKeys = errors.filter((f) => f.rule === yamlDuplicateKeyRule);
      const read: ReadDocument = { index, doc, space, range, findings: errors.filter((f) => f.rule !== yamlDuplicateKeyRule), duplicateKeys: [], decoding: [], unreadable: false, data: undefined, typed: [] };
      // Keys written twice count only in a document read; in one that is not, they are said with its syntax errors.
      const syntaxErrors = doc.errors.some((e) => e.code !== 'DUPLICATE_KEY');
      if (doc.contents === null || syntaxErrors) read.findings.push(...duplicateKeys);
      else read.duplicateKeys = duplicateKeys;
      if (doc.contents === null) return read;
      if (syntaxErrors) return { ...read, unreadable: true };
      if (plain) {
        try {
          return { ...read, ...plainData(doc) };
        } catch (error) {
          // An alias to an anchor not defined before it, or an alias bomb: on the alias, not over the document.
          return { ...read, findings: [...read.findings, aliasFinding(index, doc, error)], unreadable: true };
        }
      }
      // Values as the platform's Go decoder reads them, with where it refuses or changes one.
      const decoded = decodeDocument(space, index, '');
      if (!decoded.readable) return { ...read, findings: [...read.findings, ...decoded.findings], unreadable: true };
      return { ...read, decoding: decoded.findings, data: decoded.data };
    }),
  };
}
