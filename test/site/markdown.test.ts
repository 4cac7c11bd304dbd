/** The repository's Markdown as the docs site renders it: through VitePress's own renderer, with src/site/markdown.ts. */
import { createMarkdownRenderer, type MarkdownRenderer } from 'vitepress';
import { beforeAll, describe, expect, it } from 'vitest';
import { githubSlug, repositoryAt } from '../../src/site/links.js';
import { siteMarkdown } from '../../src/site/markdown.js';
import { ROOT } from '../helpers/cli.js';

let md: MarkdownRenderer;

beforeAll(async () => {
  md = await createMarkdownRenderer(ROOT, { anchor: { slugify: githubSlug }, config: (renderer) => siteMarkdown(renderer, repositoryAt(ROOT, 'https://github.com/platlint/platlint')) });
});

const render = (text: string, relativePath: string): string => md.render(text, { path: `/pages/${relativePath}`, relativePath, cleanUrls: false });

describe('siteMarkdown', () => {
  it("rewrites a page's links for the site, in prose and in lists", () => {
    const html = render('See [install](../README.md#install) and\n\n- [the rules](../rules/user/duplicates/README.md)\n- [an example](../fixtures/examples/broken-user.yaml)\n', 'docs/rules.md');
    // VitePress writes a relative link that does not start with ./ with one.
    expect(html).toContain('<a href="./../#install">install</a>');
    expect(html).toContain('<a href="./../rules/user/duplicates.html">the rules</a>');
    expect(html).toContain('<a href="https://github.com/platlint/platlint/blob/main/fixtures/examples/broken-user.yaml" target="_blank" rel="noreferrer">an example</a>');
  });

  it('keeps inline code as written, `{{ }}` included, where Vue would read an expression', () => {
    expect(render('A template action (`{{ .Values.x }}`) is skipped.\n', 'docs/configuration.md')).toContain('<code v-pre="">{{ .Values.x }}</code>');
  });

  it("gives headings GitHub's anchors", () => {
    expect(render('## Emacs (eglot)\n', 'docs/editors.md')).toContain('id="emacs-eglot"');
  });

  it('stops the build at a link to a file the repository does not have', () => {
    expect(() => render('[gone](../fixtures/gone.yaml)\n', 'docs/rules.md')).toThrow('docs/rules.md: the link "../fixtures/gone.yaml" names fixtures/gone.yaml, which is not in the repository');
  });
});
