/**
 * The hover's Markdown as the language server writes it (src/lsp/hover.ts, fields.ts, policy-names.ts): paragraphs,
 * `---` between sections, code blocks (a CEL function's signatures), **bold**, `code` and [links](url). The text is
 * set as text, never parsed as HTML.
 */
// A link's text holds no "[", so an attempt at each "[" of a long run stops at the next one.
const INLINE = /\*\*([^*]+)\*\*|`([^`]+)`|\[([^[\]]+)\]\(([^)\s]+)\)/g;

function inline(parent: HTMLElement, text: string): void {
  let at = 0;
  for (const match of text.matchAll(INLINE)) {
    parent.append(text.slice(at, match.index));
    const [, bold, code, linkText, href] = match;
    if (bold !== undefined) parent.append(Object.assign(document.createElement('strong'), { textContent: bold }));
    else if (code !== undefined) parent.append(Object.assign(document.createElement('code'), { textContent: code }));
    else if (linkText !== undefined && href !== undefined && /^https?:\/\//.test(href)) parent.append(Object.assign(document.createElement('a'), { textContent: linkText, href }));
    else parent.append(match[0]);
    at = match.index + match[0].length;
  }
  parent.append(text.slice(at));
}

export function renderMarkdown(markdown: string): HTMLElement {
  const root = document.createElement('div');
  root.className = 'playground-hover';
  for (const block of markdown.split(/\n{2,}/)) {
    if (block.trim() === '---') {
      root.append(document.createElement('hr'));
      continue;
    }
    const fenced = /^```[^\n]*\n([^]*?)\n?```$/.exec(block);
    if (fenced) {
      const pre = document.createElement('pre');
      pre.append(Object.assign(document.createElement('code'), { textContent: fenced[1] ?? '' }));
      root.append(pre);
      continue;
    }
    const paragraph = document.createElement('p');
    inline(paragraph, block);
    root.append(paragraph);
  }
  return root;
}
