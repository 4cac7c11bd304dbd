/**
 * How the docs site reads the repository's Markdown (VitePress's markdown-it, configured in .vitepress/config.ts):
 * links rewritten for the site (./links.ts), and inline code kept as written, where VitePress would otherwise read
 * `{{ ... }}` as a Vue expression.
 */
import type { MarkdownRenderer } from 'vitepress';
import { rewriteLink, type Repository } from './links.js';

type Token = ReturnType<MarkdownRenderer['parse']>[number];

function linksOf(tokens: readonly Token[]): Token[] {
  return tokens.flatMap((token) => [...(token.type === 'link_open' ? [token] : []), ...linksOf(token.children ?? [])]);
}

export function siteMarkdown(md: MarkdownRenderer, repository: Repository): void {
  md.core.ruler.push('platlint_links', (state) => {
    const page = (state.env as { relativePath?: string }).relativePath;
    if (page === undefined) return;
    for (const link of linksOf(state.tokens)) {
      const href = link.attrGet('href');
      if (href !== null) link.attrSet('href', rewriteLink(href, page, repository));
    }
  });
  const renderCode = md.renderer.rules.code_inline;
  md.renderer.rules.code_inline = (tokens, idx, options, env, self) => {
    tokens[idx]?.attrSet('v-pre', '');
    return renderCode ? renderCode(tokens, idx, options, env, self) : self.renderToken(tokens, idx, options);
  };
}
