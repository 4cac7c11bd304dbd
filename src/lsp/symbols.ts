import { isMap, isPair, isScalar, isSeq, type Node } from 'yaml';
import { SymbolKind, type DocumentSymbol, type Range } from 'vscode-languageserver/node.js';
import type { TextDocument } from 'vscode-languageserver-textdocument';
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

/** One object: `User jane`, with its top-level sections (apiVersion, kind, metadata, spec, status) as children. */
function objectSymbol(document: TextDocument, node: Node, fallbackName: string): DocumentSymbol | undefined {
  if (!isMap(node) || !node.range) return undefined;
  const get = (key: string): unknown => node.items.find((p) => isPair(p) && scalarText(p.key) === key)?.value;
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
    children.push({
      name: key,
      kind: sectionKind(valueNode),
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

/** Document symbols: each YAML document's object with its top-level sections; List items nest under the list. */
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
