import type { Diagnostic, FileResult } from '../engine/types.js';
import { bufferedWriter, notLinted, type Formatter, type FormatModule } from './summary.js';

/** Characters XML 1.0 does not allow at all, even escaped: C0 controls but tab/LF/CR, lone surrogates, U+FFFE/U+FFFF. */
const ILLEGAL_XML = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/** Text content: the five XML entities escaped, CR as a reference (parsers turn a raw CR into LF), illegal characters removed. */
export function escapeXml(text: string): string {
  return text
    .replace(ILLEGAL_XML, '')
    .replace(/[&<>"']/g, (c) => ENTITIES[c] ?? c)
    .replace(/\r/g, '&#13;');
}

/** An attribute value: as text, plus tab and line breaks as character references (parsers normalise them to spaces). */
export function escapeXmlAttribute(text: string): string {
  return escapeXml(text).replace(/\t/g, '&#9;').replace(/\n/g, '&#10;');
}

function line(d: Diagnostic): string {
  return `${d.line}:${d.column} ${d.severity} ${d.message} (${d.ruleId})`;
}

/** A file with no platform object: `<skipped>`, with the reason (one object) or a count, and each object's line. */
function skippedElement(result: FileResult): string {
  const skips = result.skips ?? [];
  const only = skips.length === 1 ? skips[0] : undefined;
  const message = only ? notLinted(only) : `Not linted: ${skips.length} objects, none of them a platform object`;
  const lines = skips.map((skip) => `line ${skip.line}${skip.path ? ` ${skip.path}` : ''}: ${skip.reason}`);
  return `      <skipped message="${escapeXmlAttribute(message)}">${escapeXml(lines.join('\n'))}</skipped>`;
}

/**
 * JUnit XML for CI dashboards (GitLab `artifacts:reports:junit`, Jenkins, Azure DevOps): one test case per file,
 * failing with one `<failure>` per error; warnings and infos go to the test case's `<system-out>`. A file that could
 * not be read is an `<error>`; a file with no platform object (templated YAML, other tools' manifests) is
 * `<skipped>`, as test runners report a test they did not run. `failures`, `errors` and `skipped` count test cases,
 * so none exceeds `tests`.
 */
export const formatJunit: Formatter = (results: readonly FileResult[]): string => {
  const cases: string[] = [];
  let failures = 0;
  let errors = 0;
  let skipped = 0;
  for (const result of results) {
    const failed = result.diagnostics.filter((d) => d.severity === 'error');
    const other = result.diagnostics.filter((d) => d.severity !== 'error');
    if (failed.length) failures++;
    if (result.ioError !== undefined) errors++;
    const open = `    <testcase classname="platlint" name="${escapeXmlAttribute(result.file)}"`;
    // A skipped file has no diagnostics and was read: nothing else to say of it.
    if (result.skippedFile) {
      skipped++;
      cases.push(`${open}>`, skippedElement(result), '    </testcase>');
      continue;
    }
    if (!failed.length && !other.length && result.ioError === undefined) {
      cases.push(`${open}/>`);
      continue;
    }
    const body: string[] = [];
    if (result.ioError !== undefined) {
      body.push(`      <error message="${escapeXmlAttribute(result.ioError)}" type="io">${escapeXml(result.ioError)}</error>`);
    }
    for (const d of failed) {
      body.push(`      <failure message="${escapeXmlAttribute(d.message)}" type="${escapeXmlAttribute(d.ruleId)}">${escapeXml(line(d))}</failure>`);
    }
    if (other.length) body.push(`      <system-out>${escapeXml(other.map(line).join('\n'))}</system-out>`);
    cases.push(`${open}>`, ...body, '    </testcase>');
  }
  const counts = `tests="${results.length}" failures="${failures}" errors="${errors}"`;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="platlint" ${counts}>`,
    // `skipped` belongs to the suite in the JUnit schemas Jenkins and GitLab read, not to `testsuites`.
    `  <testsuite name="platlint" ${counts} skipped="${skipped}">`,
    ...cases,
    '  </testsuite>',
    '</testsuites>',
    '',
  ].join('\n');
};

/** The test suite's counts come before its test cases: the report is assembled at the end, from all the results. */
export const createJunitWriter = bufferedWriter(formatJunit);

export const format: FormatModule = { formatter: formatJunit, createWriter: createJunitWriter };
