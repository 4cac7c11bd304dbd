import { describe, expect, it } from 'vitest';
import { githubSlug, relativeLink, repoPathOf, rewriteLink, sitePageOf, type Repository } from '../../src/site/links.js';

const FILES = new Set(['LICENSE', 'fixtures/examples/broken-user.yaml', 'src/engine/lint.ts']);
const DIRECTORIES = new Set(['fixtures', 'fixtures/examples', 'src/engine']);
const repository: Repository = {
  url: 'https://github.com/platlint/platlint',
  branch: 'main',
  kindOf: (path) => (FILES.has(path) ? 'file' : DIRECTORIES.has(path) ? 'directory' : undefined),
};

describe('the pages of the site and the files they show', () => {
  it('maps README.md, docs/ and the rules\' README.md both ways; other files have no page', () => {
    const pairs: [string, string][] = [
      ['README.md', 'index.md'],
      ['docs/configuration.md', 'docs/configuration.md'],
      ['rules/user/duplicates/README.md', 'rules/user/duplicates.md'],
    ];
    for (const [repo, site] of pairs) {
      expect(sitePageOf(repo)).toBe(site);
      expect(repoPathOf(site)).toBe(repo);
    }
    expect(sitePageOf('LICENSE')).toBeUndefined();
    expect(sitePageOf('docs/images/x.md')).toBeUndefined();
    expect(sitePageOf('rules/user/README.md')).toBeUndefined();
    expect(repoPathOf('rules/index.md')).toBeUndefined();
  });
});

describe('rewriteLink', () => {
  it('leads a link to another page to that page, relative, with its fragment', () => {
    expect(rewriteLink('docs/integrations.md#pre-commit', 'index.md', repository)).toBe('./docs/integrations.md#pre-commit');
    expect(rewriteLink('../README.md#install', 'docs/editors.md', repository)).toBe('../index.md#install');
    expect(rewriteLink('configuration.md', 'docs/rules.md', repository)).toBe('./configuration.md');
    expect(rewriteLink('../../../docs/rules.md', 'rules/user/duplicates.md', repository)).toBe('../../docs/rules.md');
    expect(rewriteLink('../cluster-roles/README.md', 'rules/user/duplicates.md', repository)).toBe('./cluster-roles.md');
    expect(rewriteLink('../../security/ui-scripts/README.md#options', 'rules/user/duplicates.md', repository)).toBe('../security/ui-scripts.md#options');
  });

  it('leads a link to another file of the repository to GitHub: blob for a file, tree for a folder', () => {
    expect(rewriteLink('LICENSE', 'index.md', repository)).toBe('https://github.com/platlint/platlint/blob/main/LICENSE');
    expect(rewriteLink('../fixtures/examples/broken-user.yaml#L5', 'docs/rules.md', repository)).toBe('https://github.com/platlint/platlint/blob/main/fixtures/examples/broken-user.yaml#L5');
    expect(rewriteLink('../fixtures/examples/', 'docs/rules.md', repository)).toBe('https://github.com/platlint/platlint/tree/main/fixtures/examples');
    expect(rewriteLink('..', 'docs/rules.md', repository)).toBe('https://github.com/platlint/platlint');
  });

  it('keeps fragments, absolute URLs and other schemes, and the links of pages made for the site alone', () => {
    for (const href of ['#quick-start', 'https://vitepress.dev/', 'mailto:security@example.com', '//example.com/x']) expect(rewriteLink(href, 'docs/rules.md', repository)).toBe(href);
    expect(rewriteLink('user/duplicates.md', 'rules/index.md', repository)).toBe('user/duplicates.md');
  });

  it('refuses a link to a file that is not in the repository, or outside it', () => {
    expect(() => rewriteLink('../fixtures/nowhere.yaml', 'docs/rules.md', repository)).toThrow('docs/rules.md: the link "../fixtures/nowhere.yaml" names fixtures/nowhere.yaml, which is not in the repository');
    expect(() => rewriteLink('../../x.md', 'docs/rules.md', repository)).toThrow('docs/rules.md: the link "../../x.md" leaves the repository');
    expect(() => rewriteLink('/etc/passwd', 'docs/rules.md', repository)).toThrow('leaves the repository');
  });
});

describe('relativeLink', () => {
  it('is relative to the page\'s folder, and starts with ./ or ../', () => {
    expect(relativeLink('rules/user/duplicates.md', 'rules/security/ui-scripts.html')).toBe('../security/ui-scripts.html');
    expect(relativeLink('index.md', 'docs/rules.md')).toBe('./docs/rules.md');
    expect(relativeLink('docs/rules.md', 'index.md')).toBe('../index.md');
  });
});

describe('githubSlug', () => {
  it('makes the anchors GitHub makes, which the pages link to', () => {
    expect(githubSlug('Quick start')).toBe('quick-start');
    expect(githubSlug('2. The rule: rules/user/display-name-spaces/index.ts')).toBe('2-the-rule-rulesuserdisplay-name-spacesindexts');
    expect(githubSlug('Emacs (eglot)')).toBe('emacs-eglot');
    expect(githubSlug('Neovim 0.7 to 0.9')).toBe('neovim-07-to-09');
    expect(githubSlug('invalid.yaml')).toBe('invalidyaml');
    expect(githubSlug('snake_case and a-b')).toBe('snake_case-and-a-b');
  });
});
