/**
 * Where the docs site is built, and what its page generator tells VitePress's configuration (.vitepress/config.ts,
 * which VitePress loads on its own): the navigation of the pages it wrote.
 */

/** Relative to the repository's root: the built site, what GitHub Pages publishes. */
export const SITE_DIR = 'dist/site';
/** The generated Markdown pages, VitePress's source folder. */
export const PAGES_DIR = 'dist/site-build/pages';
export const CACHE_DIR = 'dist/site-build/cache';
/** The SiteData of the last build, and the base path it was built for. */
export const SITE_DATA_FILE = 'dist/site-build/site.json';

/** The heading a rule page's examples start under: the search index leaves them out (.vitepress/config.ts). */
export const EXAMPLES_HEADING = '## Examples from the fixtures';

export interface SiteLink {
  text: string;
  /** From the site's root, without `.md`: `/docs/configuration`. */
  link: string;
}

export interface SiteData {
  repositoryUrl: string;
  /** The front page, then the pages of docs/. */
  guide: SiteLink[];
  /** The rule pages by category. */
  rules: { text: string; items: SiteLink[] }[];
}

/** What `npm run site` built: the navigation, and the base path `npm run site:serve` serves the site under. */
export interface SiteBuild extends SiteData {
  base: string;
}
