/**
 * The docs site's pages are the repository's Markdown, moved: README.md is the front page, docs/X.md stays
 * docs/X.md, a rule's rules/<category>/<name>/README.md becomes rules/<category>/<name>.md. The pages' links were
 * written for GitHub, so a link to another page is rewritten to that page on the site, and a link to any other file
 * of the repository (`fixtures/...`, `LICENSE`, `src/...`) to the file on GitHub.
 */
import { existsSync, statSync } from 'node:fs';
import { join, posix } from 'node:path';

/** The site page (relative to the site's root) that shows a file of the repository, if one does. */
export function sitePageOf(repoPath: string): string | undefined {
  if (repoPath === 'README.md') return 'index.md';
  if (/^docs\/[^/]+\.md$/.test(repoPath)) return repoPath;
  const rule = /^rules\/([^/]+\/[^/]+)\/README\.md$/.exec(repoPath);
  return rule ? `rules/${rule[1] as string}.md` : undefined;
}

/** The file of the repository a site page shows, or undefined for a page made for the site alone (the rule index). */
export function repoPathOf(sitePage: string): string | undefined {
  if (sitePage === 'index.md') return 'README.md';
  if (/^docs\/[^/]+\.md$/.test(sitePage)) return sitePage;
  const rule = /^rules\/([^/]+\/[^/]+)\.md$/.exec(sitePage);
  return rule ? `rules/${rule[1] as string}/README.md` : undefined;
}

/** What the rewriting needs to know of the repository. */
export interface Repository {
  /** `https://github.com/owner/name`. */
  url: string;
  /** The branch the site's links to files point at. */
  branch: string;
  /** What a path of the repository is: a link to a path that does not exist is a mistake in the docs. */
  kindOf(repoPath: string): 'file' | 'directory' | undefined;
}

/** The checkout at `root`, published at `url`; the site links to its files on the `main` branch. */
export function repositoryAt(root: string, url: string): Repository {
  return {
    url,
    branch: 'main',
    kindOf: (path) => {
      const file = join(root, path);
      if (!existsSync(file)) return undefined;
      return statSync(file).isDirectory() ? 'directory' : 'file';
    },
  };
}

/** A relative link of `sitePage` as the site must write it; links with a scheme or only a fragment are kept. */
export function rewriteLink(href: string, sitePage: string, repository: Repository): string {
  const source = repoPathOf(sitePage);
  if (source === undefined || href === '' || href.startsWith('#') || /^[a-z][a-z0-9+.-]*:|^\/\//i.test(href)) return href;
  const hashAt = href.indexOf('#');
  const path = hashAt < 0 ? href : href.slice(0, hashAt);
  const hash = hashAt < 0 ? '' : href.slice(hashAt);
  const target = posix.normalize(posix.join(posix.dirname(source), decodeURI(path))).replace(/\/$/, '');
  if (target === '..' || target.startsWith('../') || path.startsWith('/')) throw new Error(`${source}: the link "${href}" leaves the repository`);
  const page = sitePageOf(target);
  if (page !== undefined) return `${relativeLink(sitePage, page)}${hash}`;
  const kind = target === '.' ? 'directory' : repository.kindOf(target);
  if (kind === undefined) throw new Error(`${source}: the link "${href}" names ${target}, which is not in the repository`);
  const where = target === '.' ? '' : `/${kind === 'directory' ? 'tree' : 'blob'}/${repository.branch}/${encodeURI(target)}`;
  return `${repository.url}${where}${hash}`;
}

/** A link from one site page to another, relative, so that it holds under any base path. */
export function relativeLink(fromPage: string, toPage: string): string {
  const relative = posix.relative(posix.dirname(fromPage), toPage);
  return relative.startsWith('.') ? relative : `./${relative}`;
}

/**
 * A heading's anchor as GitHub makes it (the pages' `#fragment` links were written for GitHub): lower case, spaces
 * to hyphens, punctuation other than hyphens and underscores dropped.
 */
export function githubSlug(heading: string): string {
  return heading.trim().toLowerCase().replace(/[^\p{L}\p{M}\p{N}\p{Pc}\- ]/gu, '').replace(/ /g, '-');
}
