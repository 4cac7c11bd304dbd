import { REPORT_VERSION } from './json.js';

const range = {
  start: { type: 'integer', minimum: 0 },
  end: { type: 'integer', minimum: 0 },
  text: { type: 'string' },
};

const edits = {
  type: 'array',
  items: { type: 'object', required: ['start', 'end', 'text'], additionalProperties: false, properties: range },
};

/** One diagnostic, as reported and as suppressed. */
const diagnostic = {
  type: 'object',
  required: ['ruleId', 'severity', 'message', 'line', 'column', 'endLine', 'endColumn', 'path', 'document'],
  properties: {
    ruleId: { type: 'string' },
    severity: { enum: ['error', 'warning', 'info'] },
    message: { type: 'string', description: 'One short sentence: what is wrong.' },
    note: { type: 'string', description: 'Why it matters and what to write instead, when the rule says more.' },
    line: { type: 'integer', minimum: 1, description: '1-based.' },
    column: { type: 'integer', minimum: 1, description: '1-based.' },
    endLine: { type: 'integer', minimum: 1 },
    endColumn: { type: 'integer', minimum: 1, description: '1-based, exclusive.' },
    path: { type: 'string', description: "JSON Pointer into the YAML document's data." },
    document: { type: 'integer', minimum: 0, description: 'Index of the YAML document in the file.' },
    embedded: {
      type: 'string',
      description: "In a configuration embedded in another file (.platlint.yaml's embedded): the JSON Pointer of its value, such as /stringData/config.",
    },
    docsUrl: { type: 'string' },
    introduced: { type: 'boolean', description: 'With lint --base: true when the change introduced the diagnostic, false when the base revision had it too.' },
    fix: {
      type: 'object',
      required: ['edits'],
      properties: { edits },
      description: 'Edits safe to apply automatically; offsets are 0-based UTF-16 indexes into the file, end exclusive.',
    },
    suggestions: {
      type: 'array',
      items: { type: 'object', required: ['description', 'edits'], properties: { description: { type: 'string' }, edits } },
    },
  },
} as const;

/**
 * The JSON Schema of a versioned JSON report (`platlint schema <name>`): draft-07, its `version` a constant, its other
 * properties as given. Fields may be added in later versions; none are renamed.
 */
export function versionedReportSchema<Properties extends Record<string, unknown>>(name: string, title: string, version: number, required: readonly string[], properties: Properties) {
  return {
    $schema: 'http://json-schema.org/draft-07/schema#',
    $id: `https://platlint.dev/schemas/${name}.json`,
    title,
    type: 'object',
    required: ['version', ...required],
    properties: { version: { const: version, description: 'Report shape version.' }, ...properties },
  } as const;
}

/** JSON Schema of `platlint --format json` output, version 1. */
export const reportSchema = versionedReportSchema('report', 'platlint JSON report', REPORT_VERSION, ['results', 'summary'], {
  results: {
    type: 'array',
    items: {
      type: 'object',
      required: ['file', 'diagnostics'],
      properties: {
        file: { type: 'string', description: 'The path as given on the command line (or --stdin-filename).' },
        output: { type: 'string', description: 'With --fix-dry-run: the text after fixes, secrets masked. With --fix on stdin: the text to write back, exactly.' },
        fixed: { type: 'integer', minimum: 1, description: 'With --fix: the problems it fixed in this file (which it wrote, or whose text is output); with --fix-dry-run: those it would fix (the output text has them fixed); absent when none.' },
        ioError: { type: 'string', description: 'The file could not be read; no diagnostics.' },
        skipped: {
          type: 'array',
          description: 'Documents and list items not linted because they are not platform objects, or the whole file (no document) when it is templated YAML.',
          items: {
            type: 'object',
            required: ['line', 'path', 'reason'],
            properties: {
              document: { type: 'integer', minimum: 0, description: 'Index of the YAML document; absent when the whole file was skipped.' },
              line: { type: 'integer', minimum: 1 },
              path: { type: 'string', description: "JSON Pointer of the skipped object in its document ('' for the document)." },
              reason: { type: 'string' },
            },
          },
        },
        diagnostics: { type: 'array', items: diagnostic },
        suppressed: {
          type: 'array',
          description: 'Diagnostics the baseline or an exception of .platlint.yaml keeps out of the report (absent when none).',
          items: {
            allOf: [
              diagnostic,
              {
                type: 'object',
                required: ['by'],
                properties: {
                  by: { enum: ['baseline', 'exception'], description: 'What suppressed it.' },
                  reason: { type: 'string', description: "The exception's reason." },
                },
              },
            ],
          },
        },
      },
    },
  },
  summary: {
    type: 'object',
    required: ['files', 'documents', 'skipped', 'skippedFiles', 'errors', 'warnings', 'infos'],
    properties: {
      files: { type: 'integer', minimum: 0, description: 'Files read, unreadable and skipped ones included, each once: files - skippedFiles were linted.' },
      lintedFiles: { type: 'integer', minimum: 0, description: 'Files linted: files - skippedFiles, as the text summaries count them.' },
      filesWithProblems: { type: 'integer', minimum: 0, description: 'Files with at least one diagnostic, or unreadable.' },
      documents: { type: 'integer', minimum: 0, description: 'Non-empty YAML documents read.' },
      skipped: { type: 'integer', minimum: 0, description: 'Documents and list items that are not platform objects, not linted.' },
      skippedFiles: { type: 'integer', minimum: 0, description: 'Files not linted: with no platform object at all (templated YAML, other tools\' files), or policy test fixtures.' },
      errors: { type: 'integer', minimum: 0 },
      warnings: { type: 'integer', minimum: 0 },
      infos: { type: 'integer', minimum: 0 },
      fixableErrors: { type: 'integer', minimum: 0, description: 'Errors that --fix can fix.' },
      fixableWarnings: { type: 'integer', minimum: 0 },
      fixableInfos: { type: 'integer', minimum: 0 },
      fixed: { type: 'integer', minimum: 0, description: 'With --fix: the problems it fixed in the files it wrote (or in the output of stdin); with --fix-dry-run: those it would fix.' },
      fixedFiles: { type: 'integer', minimum: 0, description: 'With --fix: the files it changed; with --fix-dry-run: those it would change.' },
      suppressed: {
        type: 'object',
        required: ['baseline', 'exception'],
        description: 'Diagnostics not reported, by what suppressed them.',
        properties: { baseline: { type: 'integer', minimum: 0 }, exception: { type: 'integer', minimum: 0 } },
      },
    },
  },
  statistics: {
    type: 'array',
    description: 'With --statistics only: one entry per rule that reported, the most frequent first (equal counts by rule id).',
    items: {
      type: 'object',
      required: ['ruleId', 'count', 'fixable'],
      additionalProperties: false,
      properties: {
        ruleId: { type: 'string' },
        count: { type: 'integer', minimum: 1, description: 'Diagnostics of the rule in the report.' },
        fixable: { type: 'integer', minimum: 0, description: 'How many of them --fix can fix.' },
      },
    },
  },
});
