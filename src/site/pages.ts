/**
 * The docs site's pages, written as Markdown for VitePress into the build folder: README.md as the front page, every
 * page of docs/ as it is, one page per rule (its README.md, the facts of its meta, its fixtures with what they
 * report) and the index of the rules by category. The pages of the repository are copied unchanged: their links are
 * rewritten as the site renders them (./markdown.ts).
 */
import { cpSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { builtinRules } from '../../rules/index.js';
import { writeFileAtomic } from '../project/write-file.js';
import { ruleCategory, type Rule } from '../engine/types.js';
import { sitePageOf } from './links.js';
import { ruleFacts } from './rule-facts.js';
import { examplesSection, fixtureExamples } from './rule-examples.js';
import type { SiteData, SiteLink } from './site-data.js';
import type { Repository } from './links.js';

function write(pagesDir: string, page: string, text: string): void {
  const file = join(pagesDir, page);
  mkdirSync(dirname(file), { recursive: true });
  writeFileAtomic(file, text);
}

/** A site link to a page, as VitePress's navigation takes it: from the site's root, without `.md`. */
function linkTo(page: string): string {
  return `/${page.replace(/(^|\/)index\.md$/, '$1').replace(/\.md$/, '')}`;
}

function titleOf(markdown: string, fallback: string): string {
  return /^# (.+)$/m.exec(markdown)?.[1]?.trim() ?? fallback;
}

/** The guide's pages in the order README.md links them, then any it does not link. */
function guidePages(root: string, readme: string): string[] {
  const pages = readdirSync(join(root, 'docs')).filter((name) => name.endsWith('.md')).map((name) => `docs/${name}`).sort();
  const linked = [...readme.matchAll(/\]\((docs\/[\w-]+\.md)(?:#[^)]*)?\)/g)].map((match) => match[1] as string);
  return [...new Set([...linked.filter((page) => pages.includes(page)), ...pages])];
}

/** A rule's page: its README.md, with the facts of its meta after the introduction and its fixtures at the end. */
export function rulePage(rule: Rule, root: string, repository: Repository): string {
  const { id } = rule.meta;
  const readme = readFileSync(join(root, 'rules', id, 'README.md'), 'utf8');
  const firstSection = readme.search(/^## /m);
  const [intro, rest] = firstSection < 0 ? [readme, ''] : [readme.slice(0, firstSection), readme.slice(firstSection)];
  const examples = fixtureExamples(root, id);
  const page = sitePageOf(`rules/${id}/README.md`) as string;
  return [
    intro.trimEnd(),
    '',
    ruleFacts(rule, builtinRules),
    '',
    rest.trimEnd(),
    '',
    examples.length ? examplesSection(id, examples, page, repository) : 'No manifest can show this rule, so it has no fixtures: what it reports on is said above.',
    '',
  ].join('\n');
}

function escapeCell(text: string): string {
  return text.replace(/\|/g, '\\|');
}

function ruleIndex(categories: ReadonlyMap<string, Rule[]>): string {
  const total = [...categories.values()].reduce((sum, rules) => sum + rules.length, 0);
  const lines = [
    '# Rules',
    '',
    `platlint has ${total} rules in ${categories.size} categories; [Rules, directives and fixes](../docs/rules.md) explains how to turn them on, off and up. ` +
      'Each page says why the rule exists, its severity in each preset, its options and what it reports in its fixtures.',
    '',
    '::: v-pre',
  ];
  for (const [category, rules] of categories) {
    lines.push('', `## ${category}`, '', '| Rule | Description | Default | Fixable |', '| --- | --- | --- | --- |');
    for (const { meta } of rules) {
      lines.push(`| [${meta.id}](./${meta.id}.md) | ${escapeCell(meta.description)} | ${meta.severity} | ${meta.fixable ? 'yes' : 'no'} |`);
    }
  }
  lines.push('', ':::', '');
  return lines.join('\n');
}

/** The playground's page: the theme's component (.vitepress/theme/playground.ts) holds it, as wide as the window. */
const PLAYGROUND_PAGE = [
  '---',
  'title: Playground',
  'sidebar: false',
  'aside: false',
  'outline: false',
  'pageClass: playground-page',
  '---',
  '',
  '# Playground',
  '',
  'Lint a manifest as `platlint --format json --policy policy.yaml playground.yaml` does, with its `.platlint.yaml` and a policy ' +
    'beside it: the same engine, run by your browser. Nothing you type leaves this page; the Share link holds the texts in its fragment, ' +
    'which a browser never sends.',
  '',
  '<PlatlintPlayground />',
  '',
].join('\n');

/** Writes every page into `pagesDir` (emptied first) and returns what the site's navigation lists. */
export function writeSitePages(root: string, pagesDir: string, repository: Repository): SiteData {
  rmSync(pagesDir, { recursive: true, force: true });
  // VitePress copies its source folder's public/ to the site as it is: the favicon.
  cpSync(join(root, 'src', 'site', 'public'), join(pagesDir, 'public'), { recursive: true });
  const readme = readFileSync(join(root, 'README.md'), 'utf8');
  write(pagesDir, 'index.md', readme);
  const guide: SiteLink[] = [{ text: 'Overview', link: '/' }];
  for (const page of guidePages(root, readme)) {
    const text = readFileSync(join(root, page), 'utf8');
    write(pagesDir, page, text);
    guide.push({ text: titleOf(text, page), link: linkTo(page) });
  }
  const categories = new Map<string, Rule[]>();
  for (const rule of builtinRules) {
    const category = ruleCategory(rule.meta.id);
    categories.set(category, [...(categories.get(category) ?? []), rule]);
    write(pagesDir, sitePageOf(`rules/${rule.meta.id}/README.md`) as string, rulePage(rule, root, repository));
  }
  write(pagesDir, 'rules/index.md', ruleIndex(categories));
  write(pagesDir, 'playground/index.md', PLAYGROUND_PAGE);
  return {
    repositoryUrl: repository.url,
    guide,
    rules: [...categories].map(([category, rules]) => ({ text: category, items: rules.map(({ meta }) => ({ text: meta.id, link: linkTo(`rules/${meta.id}.md`) })) })),
  };
}
