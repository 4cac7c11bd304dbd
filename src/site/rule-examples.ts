/**
 * The examples of a rule's page: its fixtures, each linted by the engine as test/rules/fixtures.test.ts lints it,
 * shown with what it reports (line:column, severity, rule and message), under "Reports" or "Does not report".
 */
import { readFileSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import type { Diagnostic } from '../engine/types.js';
import { fence } from '../policy/markdown.js';
import { companionOf, fixtureFiles, lintFixture, rulesShownBy } from './fixtures.js';
import { relativeLink, type Repository } from './links.js';
import { EXAMPLES_HEADING } from './site-data.js';

/** Past this size a fixture's text is left on GitHub: its diagnostics are still shown. */
const MAX_SHOWN_BYTES = 16 * 1024;


export interface FixtureExample {
  /** Relative to the repository's root: `fixtures/user/duplicates/invalid.yaml`. */
  path: string;
  text: string;
  /** The previous version it updates, or the object it patches. */
  companion?: { role: 'previous' | 'base'; path: string; text: string };
  /** The diagnostics of the rule and of the rules the fixture's markers name, in the engine's order. */
  diagnostics: Diagnostic[];
}

export function fixtureExamples(root: string, ruleId: string): FixtureExample[] {
  return fixtureFiles(join(root, 'fixtures'), ruleId).map((file) => {
    const text = readFileSync(file, 'utf8');
    const shown = rulesShownBy(ruleId, text);
    const companion = companionOf(file);
    return {
      path: relative(root, file),
      text,
      ...(companion ? { companion: { role: companion.role, path: relative(root, companion.file), text: readFileSync(companion.file, 'utf8') } } : {}),
      diagnostics: lintFixture(file, text).filter((d) => shown.has(d.ruleId)),
    };
  });
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** A fenced block that no backtick run of the text can close. */
function sourceLink(path: string, repository: Repository): string {
  return `[\`${path}\`](${repository.url}/blob/${repository.branch}/${path})`;
}

function diagnosticsTable(diagnostics: readonly Diagnostic[], ruleId: string, sitePage: string): string {
  const rows = diagnostics.map((d) => {
    const rule = d.ruleId === ruleId ? `<code>${d.ruleId}</code>` : `<a href="${escapeHtml(relativeLink(sitePage, `rules/${d.ruleId}.html`))}"><code>${d.ruleId}</code></a>`;
    const note = d.note === undefined ? '' : `<span class="diagnostic-note">${escapeHtml(d.note)}</span>`;
    return `<tr><td class="diagnostic-position">${d.line}:${d.column}</td><td><span class="diagnostic-severity severity-${d.severity}">${d.severity}</span></td><td>${rule}</td><td><span class="diagnostic-message">${escapeHtml(d.message)}</span>${note}</td></tr>`;
  });
  return [
    '<div class="fixture-diagnostics" v-pre>',
    '<table>',
    '<thead><tr><th scope="col">Line:column</th><th scope="col">Severity</th><th scope="col">Rule</th><th scope="col">Message</th></tr></thead>',
    `<tbody>${rows.join('')}</tbody>`,
    '</table>',
    '</div>',
  ].join('\n');
}

function code(path: string, text: string, highlighted: readonly number[], repository: Repository): string {
  if (Buffer.byteLength(text) > MAX_SHOWN_BYTES) {
    return `${sourceLink(path, repository)} is ${Math.round(Buffer.byteLength(text) / 1024)} kB: too long to show here.`;
  }
  const lines = [...new Set(highlighted)].sort((a, b) => a - b);
  return fence(text, `yaml:line-numbers${lines.length ? ` {${lines.join(',')}}` : ''}`);
}

function example(item: FixtureExample, ruleId: string, sitePage: string, repository: Repository): string {
  const { companion } = item;
  const parts = [`#### ${basename(item.path)}`, ''];
  if (companion) {
    const what = companion.role === 'previous' ? 'an update of the previous version' : 'a JSON Patch of the object';
    parts.push(`${sourceLink(item.path, repository)}, linted as ${what} in ${sourceLink(companion.path, repository)}:`, '');
    parts.push(`::: details ${companion.role === 'previous' ? 'The previous version' : 'The object it patches'}: ${basename(companion.path)}`, code(companion.path, companion.text, [], repository), ':::', '');
  } else {
    parts.push(`${sourceLink(item.path, repository)}:`, '');
  }
  parts.push(code(item.path, item.text, item.diagnostics.map((d) => d.line), repository), '');
  parts.push(item.diagnostics.length ? diagnosticsTable(item.diagnostics, ruleId, sitePage) : `No diagnostic of \`${ruleId}\`.`);
  return parts.join('\n');
}

/** The examples section of a rule's page (`sitePage`, for links to other rules' pages). */
export function examplesSection(ruleId: string, examples: readonly FixtureExample[], sitePage: string, repository: Repository): string {
  const reports = examples.filter((item) => item.diagnostics.some((d) => d.ruleId === ruleId));
  const silent = examples.filter((item) => !reports.includes(item));
  const group = (heading: string, items: readonly FixtureExample[]): string[] =>
    items.length ? [`### ${heading}`, '', ...items.map((item) => `${example(item, ruleId, sitePage, repository)}\n`)] : [];
  return [
    EXAMPLES_HEADING,
    '',
    `Each file of \`fixtures/${ruleId}/\` as platlint lints it with every rule on (\`extends: [strict]\`), with what it reports: ` +
      `the diagnostics of \`${ruleId}\` and of the rules its \`# expect:\` markers name. The highlighted lines are where they start.`,
    '',
    ...group('Reports', reports),
    ...group('Does not report', silent),
  ].join('\n');
}
