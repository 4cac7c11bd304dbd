import { Composer, isAlias, isMap, isPair, isScalar, isSeq, LineCounter, Parser, YAMLParseError, type CST, type Document, type DocumentOptions, type ErrorCode, type Node, type ParseOptions, type SchemaOptions } from 'yaml';

/**
 * The options under which the platform's Go decoder and this linter agree on what a scalar means: YAML 1.1
 * booleans, octals and sexagesimals, but timestamps stay strings, as Go's decoder leaves them for string and
 * interface fields (metav1.Time then parses the string itself).
 */
export const PLATFORM_YAML_OPTIONS: ParseOptions & DocumentOptions & SchemaOptions = {
  version: '1.1',
  prettyErrors: false,
  // The yaml package compares each key with every earlier one (quadratic in a mapping's size); findDuplicateKeys
  // does the same check with a set.
  uniqueKeys: false,
  // Collection keys (`? [a, b]`) would print a Node warning on stderr when converted; platlint reports them itself.
  logLevel: 'error',
  customTags: (tags) => tags.filter((tag) => typeof tag === 'string' || tag.tag !== 'tag:yaml.org,2002:timestamp'),
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

type Frame = readonly [CST.Token | null | undefined, number];

/** Where a CST document first nests collections deeper than the limit; an explicit stack, as input can be deep. */
function tooDeepAt(document: CST.Token): number | undefined {
  const stack: Frame[] = [[document, 0]];
  while (stack.length) {
    const [token, depth] = stack.pop() as Frame;
    if (!token) continue;
    switch (token.type) {
      case 'document':
        stack.push([token.value, depth]);
        break;
      case 'block-map':
      case 'block-seq':
      case 'flow-collection':
        if (depth + 1 > MAX_NESTING) return token.offset;
        // Reversed, so that entries are visited in source order and the first place past the limit is reported.
        for (let i = token.items.length - 1; i >= 0; i--) {
          const item = token.items[i];
          stack.push([item?.value, depth + 1], [item?.key, depth + 1]);
        }
        break;
      default:
        // Scalars, aliases and comments hold no collections.
        break;
    }
  }
  return undefined;
}

const error = (node: Node, code: ErrorCode, message: string): YAMLParseError => {
  const start = node.range?.[0] ?? 0;
  return new YAMLParseError([start, Math.max(start + 1, node.range?.[1] ?? 0)], code, message);
};

/**
 * What the composer lets through but the platform cannot read, found in one pass with an explicit stack: repeated
 * scalar keys (as the yaml package's own `uniqueKeys` check would, in time linear in the map), an alias inside
 * the node its anchor names (an endless structure), and a list or mapping used as a key (JSON keys are strings).
 */
export function findStructureErrors(doc: Document.Parsed, options: { duplicates: boolean } = { duplicates: true }): void {
  const anchors = new Map<string, unknown>();
  const open = new Set<unknown>();
  // An entry is a node to enter, or a node whose subtree is finished (`exit`), so ancestors are known at each alias.
  const stack: { node: unknown; exit?: true }[] = [{ node: doc.contents }];
  while (stack.length) {
    const { node, exit } = stack.pop() as { node: unknown; exit?: true };
    if (!node || typeof node !== 'object') continue;
    if (exit) {
      open.delete(node);
      continue;
    }
    if (isAlias(node)) {
      if (open.has(anchors.get(node.source))) doc.errors.push(error(node, 'BAD_ALIAS', `alias *${node.source} is inside the node its anchor names, which makes an endless structure`));
      continue;
    }
    const anchor = (node as { anchor?: string }).anchor;
    if (anchor) anchors.set(anchor, node);
    if (isPair(node)) {
      stack.push({ node: node.value }, { node: node.key });
      continue;
    }
    if (!isMap(node) && !isSeq(node)) continue;
    open.add(node);
    stack.push({ node, exit: true });
    const seen = new Set<unknown>();
    const children: unknown[] = [];
    for (const item of node.items) {
      children.push(item);
      if (!isMap(node) || !isPair(item)) continue;
      const key = item.key as Node | null;
      if (isMap(key) || isSeq(key)) doc.errors.push(error(key, 'NON_STRING_KEY', `a ${isMap(key) ? 'mapping' : 'list'} used as a key`));
      if (options.duplicates && isScalar(key) && !Number.isNaN(key.value)) {
        if (seen.has(key.value)) doc.errors.push(error(key, 'DUPLICATE_KEY', 'Map keys must be unique'));
        seen.add(key.value);
      }
    }
    // Reversed, so that entries are entered in source order and anchors are known before their aliases.
    for (let i = children.length - 1; i >= 0; i--) stack.push({ node: children[i] });
  }
}

/** YAML 1.2 as the yaml package reads it by default, with the same guards: for platlint's own files. */
export const PLAIN_YAML_OPTIONS: ParseOptions & DocumentOptions & SchemaOptions = { prettyErrors: false, uniqueKeys: false, logLevel: 'error' };

/** Parses a stream of documents without recursing on its nesting first, then checks what the composer lets through. */
export function parseYaml(text: string, lineCounter = new LineCounter(), options = PLATFORM_YAML_OPTIONS): ParsedYaml {
  const tokens = [...new Parser(lineCounter.addNewLine).parse(text)];
  for (const token of tokens) {
    const offset = tooDeepAt(token);
    if (offset !== undefined) return { text, lineCounter, documents: [], tooDeep: { offset } };
  }
  const composer = new Composer(options);
  const documents = [...composer.compose(tokens, true, text.length)];
  for (const doc of documents) findStructureErrors(doc);
  // The yaml package reports errors in source order; keep that with the duplicate keys added.
  for (const doc of documents) doc.errors.sort((a, b) => a.pos[0] - b.pos[0]);
  return { text, lineCounter, documents };
}
