/**
 * VitePress's configuration of the docs site. `npm run site` (../build.ts) writes the pages and their navigation
 * into dist/site-build/ first, then has VitePress build them into dist/site/ with the base path it was given.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitepress';
import { browserVariantsVitePlugin } from '../../build/variants.js';
import { githubSlug, repositoryAt } from '../links.js';
import { legibleCodeColours } from '../code-colours.js';
import { siteMarkdown } from '../markdown.js';
import { playgroundExamples } from '../playground-examples.js';
import { CACHE_DIR, EXAMPLES_HEADING, PAGES_DIR, SITE_DATA_FILE, SITE_DIR, type SiteBuild } from '../site-data.js';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const site = JSON.parse(readFileSync(join(root, SITE_DATA_FILE), 'utf8')) as SiteBuild;

const repository = repositoryAt(root, site.repositoryUrl);

/** The playground's starting examples (../playground-examples.ts), as a module its page imports. */
const EXAMPLES_MODULE = 'virtual:platlint-playground-examples';
const EXAMPLES_ID = `\0${EXAMPLES_MODULE}`;

export default defineConfig({
  title: 'platlint',
  description: 'Lint and policy-check the YAML manifests of the platform management API',
  lang: 'en',
  base: site.base,
  // VitePress puts the base before the pages' links, not before the head's.
  head: [['link', { rel: 'icon', type: 'image/svg+xml', href: `${site.base}favicon.svg` }]],
  srcDir: join(root, PAGES_DIR),
  outDir: join(root, SITE_DIR),
  cacheDir: join(root, CACHE_DIR),
  // Nothing is fetched from another origin: no web fonts, no analytics, no edit or "last updated" links.
  lastUpdated: false,
  markdown: {
    anchor: { slugify: githubSlug },
    config: (md) => siteMarkdown(md, repository),
    codeTransformers: [
      {
        name: 'platlint:legible-colours',
        span(node) {
          const style = node.properties['style'];
          if (typeof style === 'string') node.properties['style'] = legibleCodeColours(style);
        },
      },
    ],
  },
  themeConfig: {
    nav: [
      { text: 'Guide', link: '/', activeMatch: '^/($|index|docs/)' },
      { text: 'Rules', link: '/rules/', activeMatch: '^/rules/' },
      { text: 'Playground', link: '/playground/', activeMatch: '^/playground/' },
    ],
    sidebar: {
      '/rules/': [
        { text: 'Rules', link: '/rules/' },
        // A category links to its table in the index: a group without a link would be a button holding its caret's
        // button, which screen readers cannot tell apart.
        ...site.rules.map((category) => ({ ...category, link: `/rules/#${githubSlug(category.text)}`, collapsed: true })),
      ],
      '/': [{ text: 'Guide', items: site.guide }],
    },
    outline: { level: [2, 3] },
    socialLinks: [{ icon: 'github', link: site.repositoryUrl }],
    search: {
      provider: 'local',
      options: {
        // The button's name is then what it shows, "Search" and its shortcut, as WCAG's label in name asks: the
        // default aria-label, "Search", leaves the shortcut out.
        translations: { button: { buttonAriaLabel: '' } },
        // A rule page is found by its id, description and text, not by the YAML of its fixtures.
        _render: (src, env, md) => md.render(src.split(`\n${EXAMPLES_HEADING}\n`)[0] ?? src, env),
      },
    },
  },
  vite: {
    plugins: [
      {
        name: 'platlint:playground-examples',
        resolveId: (source) => (source === EXAMPLES_MODULE ? EXAMPLES_ID : null),
        load: (id) => (id === EXAMPLES_ID ? `export default ${JSON.stringify(playgroundExamples(root))};` : null),
      },
    ],
    // The playground's Web Worker (`new Worker(new URL('../worker.ts', import.meta.url), { type: 'module' })`) is
    // bundled as a module, as a browser bundle is: the `.browser.ts` variants and the precompiled validators.
    worker: { format: 'es', plugins: () => [browserVariantsVitePlugin(root)] },
  },
});
