/**
 * The YAML parser's errors as diagnostics, at the place to fix: the parser's cascades collapsed, unclosed quotes and
 * brackets reported where they open, undefined aliases on the alias, and the documents an unclosed quote swallowed
 * given back. Everything comes from what the `yaml` package reports (error codes, positions, nodes); nothing here
 * parses YAML itself.
 */
import { visit, type Document, type YAMLError } from 'yaml';
import { parseYaml, RefusedTabError, type ParsedYaml } from '../yaml/parse.js';
import yamlCollectionKeyRule from '../../rules/yaml/collection-key/index.js';
import yamlDuplicateKeyRule from '../../rules/yaml/duplicate-key/index.js';
import yamlSyntaxRule from '../../rules/yaml/syntax/index.js';
import { lineEnd, lineStart } from '../yaml/lines.js';
import { fileRange, type NodeSpace, type OffsetRange } from './node-space.js';
import type { Finding } from './types.js';
import { plainSyntaxError } from './syntax-messages.js';

// A plain key ends in a character that is not white space (see lsp/cursor.ts's KEY): linear on long runs of spaces.
const KEY_TEXT = /^(?:"(?:[^"\\\n]|\\.)*"|'(?:[^'\n]|'')*'|(?:[^:#\n,{}[\]]*[^\s:#,{}[\]])?)(?=\s*:)/;

/** Syntax errors kept per document: the first mistake, and a couple of independent ones after it. */
const SYNTAX_ERRORS_PER_DOCUMENT = 3;

function isUnclosedQuote(error: YAMLError): boolean {
  return error.code === 'MISSING_CHAR' && /closing .?quote/i.test(error.message);
}

/**
 * Where the quoted scalar that never closes opens: the parser reports the missing quote where the text ends, which
 * may be many lines (and documents) later.
 */
export function unclosedQuoteStart(doc: Document, error: YAMLError): number | undefined {
  let start: number | undefined;
  visit(doc, {
    Scalar(_, node) {
      if ((node.type === 'QUOTE_DOUBLE' || node.type === 'QUOTE_SINGLE') && node.range && node.range[1] >= error.pos[0] && node.range[0] < error.pos[0]) {
        start = node.range[0];
        return visit.BREAK;
      }
      return undefined;
    },
  });
  return start;
}

const UNCLOSED_FLOW = /^Flow (sequence|map) .*end with an? ([\]}])/;

/** Where the flow collection (`[` or `{`) opens that the parser found unclosed where its block ended. */
export function unclosedFlowStart(doc: Document, error: YAMLError): number | undefined {
  let start: number | undefined;
  const check = (node: { flow?: boolean; range?: [number, number, number] | null }): void => {
    if (node.flow && node.range && node.range[0] < error.pos[0] && node.range[1] >= error.pos[0]) start = node.range[0];
  };
  // The innermost one wins: visit goes outside in, so the last match is the deepest.
  visit(doc, { Seq: (_, node) => check(node), Map: (_, node) => check(node) });
  return start;
}

/**
 * The parser's errors of one document as diagnostics, with its cascades collapsed: once the parser has lost track
 * (a stray `]`), it reports every following token as "unexpected", line after line; only the first mistake is at
 * the place to fix. So: one diagnostic per place, no "unexpected token" after an earlier error, at most a few per
 * document, and an unclosed quote where it opens rather than at the end of the file.
 */
export function yamlErrorFindings(document: number, space: NodeSpace, doc: Document, pointer: string): Finding[] {
  const seen = new Set<number>();
  const out: Finding[] = [];
  let syntaxErrors = 0;
  const syntaxLines = new Set<number>();
  // In source order, as parseYaml leaves them.
  for (const error of doc.errors) {
    if (seen.has(error.pos[0])) continue;
    seen.add(error.pos[0]);
    if (error.code === 'DUPLICATE_KEY') {
      // The parser marks one character; the whole key is what the reader needs to see.
      const key = KEY_TEXT.exec(space.text.slice(error.pos[0], error.pos[0] + 1024))?.[0] || space.text.slice(error.pos[0], error.pos[1]);
      out.push({ ...yamlDuplicateKeyRule.finding('duplicate', { key: key.slice(0, 80) }), document, range: fileRange(space, [error.pos[0], error.pos[0] + Math.max(1, key.length)]), pointer });
      continue;
    }
    // The parser's next complaints about the line of a syntax error already reported are that error's echoes
    // (a list item in a mapping is also a key on two lines, and a list used as a key).
    if (syntaxLines.has(lineStart(space.text, error.pos[0]))) continue;
    if (error.code === 'NON_STRING_KEY') {
      // Raised by parseYaml's structure check, not by the parser: a valid key the platform cannot read.
      const key = space.text.slice(error.pos[0], error.pos[1]).split('\n')[0]?.trim() ?? '';
      const data = { key: key.length > 60 ? `${key.slice(0, 59)}…` : key, type: error.message.includes('mapping') ? 'mapping' : 'list' };
      out.push({ ...yamlCollectionKeyRule.finding('collectionKey', data), document, range: fileRange(space, error.pos), pointer });
      continue;
    }
    if (syntaxErrors >= SYNTAX_ERRORS_PER_DOCUMENT || (syntaxErrors > 0 && error.code === 'UNEXPECTED_TOKEN')) continue;
    syntaxErrors++;
    const quoteStart = isUnclosedQuote(error) ? unclosedQuoteStart(doc, error) : undefined;
    if (quoteStart !== undefined) {
      out.push({ ...yamlSyntaxRule.finding('unclosedQuote', { quote: space.text[quoteStart] ?? '"' }), document, range: fileRange(space, [quoteStart, Math.max(quoteStart + 1, lineEnd(space.text, quoteStart))]), pointer });
      continue;
    }
    if (error instanceof RefusedTabError) {
      out.push({ ...yamlSyntaxRule.finding('tab', { place: error.tab.place, goError: error.tab.goError }), document, range: fileRange(space, error.pos), pointer });
      continue;
    }
    const flow = UNCLOSED_FLOW.exec(error.message);
    const flowStart = flow ? unclosedFlowStart(doc, error) : undefined;
    if (flow && flowStart !== undefined) {
      // Reported where the block goes on without the closing bracket; the place to fix is the opening one.
      const data = { open: space.text[flowStart] ?? '[', close: flow[2] ?? ']' };
      out.push({ ...yamlSyntaxRule.finding('unclosedFlow', data), document, range: fileRange(space, [flowStart, Math.max(flowStart + 1, lineEnd(space.text, flowStart))]), pointer });
      continue;
    }
    const plain = plainSyntaxError(error, space.text);
    if (plain) {
      syntaxLines.add(lineStart(space.text, error.pos[0])).add(lineStart(space.text, plain.range[0]));
      out.push({ ...plain.finding, document, range: fileRange(space, plain.range), pointer });
      continue;
    }
    out.push({ ...yamlSyntaxRule.finding('syntax', { detail: error.message.split('\n')[0] ?? error.message }), document, range: fileRange(space, error.pos), pointer });
  }
  return out;
}

/**
 * The documents an unclosed quote swallowed: the quoted string runs to the end of the file, `---` lines and all, so
 * the documents after it vanish from the parse. Parsing the text again with that one quote blanked out (same length,
 * so every offset stays right) gives them back; the broken document itself keeps its original parse and errors.
 */
export function recoverSwallowedDocuments(parsed: ParsedYaml): ParsedYaml {
  let documents = parsed.documents;
  let text = parsed.text;
  for (let round = 0; round < 8; round++) {
    const broken = documents[documents.length - 1];
    const error = broken?.errors.find(isUnclosedQuote);
    const start = broken && error ? unclosedQuoteStart(broken, error) : undefined;
    if (start === undefined) break;
    text = `${text.slice(0, start)} ${text.slice(start + 1)}`;
    const again = parseYaml(text).documents;
    const index = again.findIndex((doc) => doc.range[0] <= start && start < doc.range[2]);
    const following = index < 0 ? [] : again.slice(index + 1);
    if (following.length === 0) break;
    documents = [...documents, ...following];
  }
  return documents === parsed.documents ? parsed : { ...parsed, documents };
}

/**
 * A document whose data cannot be built (`toJS` throws): an alias to an anchor that is not defined before it, or
 * an alias bomb. The diagnostic goes on the alias itself, not over the whole document.
 */
export function aliasFinding(document: number, doc: Document, error: unknown, pointer = ''): Finding {
  const detail = error instanceof Error ? error.message : String(error);
  const name = /alias[^:]*:\s*(\S+)\s*$/i.exec(detail)?.[1];
  let range: OffsetRange | undefined;
  if (name !== undefined) {
    visit(doc, {
      Alias(_, node) {
        if (node.source !== name || !node.range) return undefined;
        range = [node.range[0], node.range[1]];
        return visit.BREAK;
      },
    });
  }
  if (name !== undefined && range) return { ...yamlSyntaxRule.finding('undefinedAlias', { alias: `*${name}`, name }), document, range, pointer };
  const whole = doc.contents?.range ?? [0, 1];
  return { ...yamlSyntaxRule.finding('syntax', { detail }), document, range: range ?? [whole[0], whole[1]], pointer };
}
