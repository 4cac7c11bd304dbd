import { isMap, isPair, isScalar, isSeq, type Node } from 'yaml';
import { SymbolKind, type DocumentSymbol, type Range } from 'vscode-languageserver/node.js';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { ADMISSION_POLICY_KIND } from '../policy/vap/types.js';
import { parseYaml } from '../yaml/parse.js';

function rangeOf(document: TextDocument, start: number, end: number): Range {
  // A range that ends at a line break would end on the next line, past the text it covers.
  const text = document.getText();
  let last = end;
  while (last > start && /\s/.test(text[last - 1] ?? '')) last--;
  return { start: document.positionAt(start), end: document.positionAt(Math.max(last, start)) };
}

function scalarText(node: unknown): string | undefined {
  return isScalar(node) && (typeof node.value === 'string' || typeof node.value === 'number') ? String(node.value) : undefined;
}

function sectionKind(value: unknown): SymbolKind {
  if (isMap(value)) return SymbolKind.Object;
  if (isSeq(value)) return SymbolKind.Array;
  return SymbolKind.Property;
}

/**
 * The lists of a policy's spec whose items are worth finding in an outline, by the kind of the policy: a platlint
 * policy's rules by id; an admission policy's variables, match conditions and audit annotations by name or key, and
 * its validations by their place.
 */
const SPEC_LISTS: Readonly<Record<string, readonly { list: string; name?: string; kind: SymbolKind }[]>> = {
  Policy: [{ list: 'rules', name: 'id', kind: SymbolKind.Function }],
  [ADMISSION_POLICY_KIND]: [
    { list: 'matchConditions', name: 'name', kind: SymbolKind.Function },
    { list: 'variables', name: 'name', kind: SymbolKind.Variable },
    { list: 'validations', kind: SymbolKind.Function },
    { list: 'auditAnnotations', name: 'key', kind: SymbolKind.Function },
  ],
};

function valueOf(node: unknown, key: string): unknown {
  return isMap(node) ? node.items.find((p) => isPair(p) && scalarText(p.key) === key)?.value : undefined;
}

/** The items of one list of a policy's spec (`rules`), each named by its key (`id`) or its place (`validations[0]`). */
function itemSymbols(document: TextDocument, list: unknown, at: { list: string; name?: string; kind: SymbolKind }): DocumentSymbol[] {
  if (!isSeq(list)) return [];
  const symbols: DocumentSymbol[] = [];
  list.items.forEach((item, i) => {
    const node = item as Node | null;
    if (!node?.range) return;
    const nameNode = at.name === undefined ? undefined : (valueOf(node, at.name) as Node | undefined);
    const name = scalarText(nameNode);
    const range = rangeOf(document, node.range[0], node.range[1]);
    symbols.push({ name: name ?? `${at.list}[${i}]`, kind: at.kind, range, selectionRange: name !== undefined && nameNode?.range ? rangeOf(document, nameNode.range[0], nameNode.range[1]) : range });
  });
  return symbols;
}

/** One object: `User jane`, with its top-level sections (apiVersion, kind, metadata, spec, status) as children. */
function objectSymbol(document: TextDocument, node: Node, fallbackName: string): DocumentSymbol | undefined {
  if (!isMap(node) || !node.range) return undefined;
  const get = (key: string): unknown => valueOf(node, key);
  const metadata = get('metadata');
  const name = isMap(metadata) ? scalarText(metadata.items.find((p) => isPair(p) && scalarText(p.key) === 'name')?.value) : undefined;
  const kind = scalarText(get('kind'));
  const children: DocumentSymbol[] = [];
  for (const pair of node.items) {
    const key = scalarText(pair.key);
    const keyNode = pair.key as Node | null;
    if (key === undefined || !keyNode?.range) continue;
    const valueNode = pair.value as Node | null;
    const end = valueNode?.range?.[1] ?? keyNode.range[1];
    const value = scalarText(valueNode);
    const lists = key === 'spec' && kind !== undefined ? (SPEC_LISTS[kind] ?? []) : [];
    const items = lists.flatMap((list) => itemSymbols(document, valueOf(valueNode, list.list), list));
    children.push({
      name: key,
      kind: sectionKind(valueNode),
      ...(items.length ? { children: items } : {}),
      // Only the type fields: any other value could be a secret, and an outline is no place to show one.
      ...(value !== undefined && (key === 'apiVersion' || key === 'kind') && value.length <= 60 ? { detail: value } : {}),
      range: rangeOf(document, keyNode.range[0], end),
      selectionRange: rangeOf(document, keyNode.range[0], keyNode.range[1]),
    });
  }
  const items = get('items');
  if (kind?.endsWith('List') && isSeq(items)) {
    items.items.forEach((item, i) => {
      const symbol = objectSymbol(document, item as Node, `items[${i}]`);
      if (symbol) children.push(symbol);
    });
  }
  const range = rangeOf(document, node.range[0], node.range[1]);
  return {
    name: [kind, name].filter(Boolean).join(' ') || fallbackName,
    kind: SymbolKind.Class,
    range,
    selectionRange: children[0]?.selectionRange ?? range,
    children,
  };
}

/**
 * Document symbols: each YAML document's object with its top-level sections; List items nest under the list; a
 * policy's rules, an admission policy's variables and validations under its spec.
 */
export function documentSymbols(document: TextDocument): DocumentSymbol[] {
  const out: DocumentSymbol[] = [];
  let parsed: ReturnType<typeof parseYaml>;
  try {
    parsed = parseYaml(document.getText());
  } catch {
    return [];
  }
  parsed.documents.forEach((doc, i) => {
    const symbol = doc.contents ? objectSymbol(document, doc.contents, `document ${i + 1}`) : undefined;
    if (symbol) out.push(symbol);
  });
  return out;
}
