/**
 * Templated YAML (Helm chart templates, Go or Jinja templates of manifests) is not YAML until it is rendered:
 * `name: {{ .Values.name }}` parses as nested flow mappings, and `{{- if … }}` lines break the parse altogether,
 * so linting it gives only a flood of false syntax errors. Such files are skipped, unparsed, with one reason;
 * docs/configuration.md ("Templated YAML") shows how to lint the rendered output instead
 * (`helm template CHART | platlint -`).
 *
 * Detection uses the `yaml` package's lexer, so that quoted strings, block scalars and comments are told apart
 * from the places where a template action replaces YAML syntax.
 */
import { CST, Lexer } from 'yaml';

export interface TemplateMarker {
  /** 1-based line and column of the first template action. */
  line: number;
  column: number;
  reason: string;
}

/** Lexer tokens that mark what follows and take no room in the source. */
const ZERO_WIDTH = new Set([CST.DOCUMENT, CST.FLOW_END, CST.SCALAR]);

/** `{{` or `{%`, not GitHub Actions' `${{ }}` expressions, which are plain YAML strings. */
const ACTION = /(?<!\$)\{[{%]/;

/** A `templates` folder: where Helm charts keep their templates (`chart/templates/deployment.yaml`). */
function inTemplatesFolder(path: string): boolean {
  return path.split(/[\\/]/).slice(0, -1).includes('templates');
}

function lineColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let i = text.indexOf('\n'); i >= 0 && i < offset; i = text.indexOf('\n', i + 1)) {
    line++;
    lineStart = i + 1;
  }
  return { line, column: offset - lineStart + 1 };
}

/** Offset of the first template action outside quoted strings, block scalars and comments. */
function unquotedActionOffset(text: string): number | undefined {
  let offset = 0;
  let previousType: string | null = null;
  let scalarText = false;
  let blockScalar = false;
  for (const token of new Lexer().lex(text)) {
    if (token === CST.SCALAR) scalarText = true;
    if (ZERO_WIDTH.has(token)) continue;
    if (scalarText) {
      // The text of a plain scalar, or the content of the block scalar whose header came before.
      if (previousType === 'flow-map-start' && token.startsWith('%')) return offset - 1;
      const match = blockScalar ? null : ACTION.exec(token);
      if (match) return offset + match.index;
      scalarText = false;
      blockScalar = false;
      previousType = 'scalar';
    } else {
      const type = CST.tokenType(token) ?? null;
      if (previousType === 'flow-map-start' && type === 'flow-map-start') return offset - 1;
      if (type === 'block-scalar-header') blockScalar = true;
      previousType = type;
    }
    offset += token.length;
  }
  return undefined;
}

/**
 * Where a file's text stops being YAML because it is a template, or undefined for ordinary YAML. A file in a
 * `templates` folder is a template as soon as it holds a `{{` anywhere (Helm renders inside quotes too); elsewhere
 * only a template action outside quotes counts, so that a quoted placeholder stays an ordinary value.
 */
export function templateMarker(text: string, path: string): TemplateMarker | undefined {
  // Most files have no "{{" or "{%" at all; only those are worth a pass of the lexer.
  const first = ACTION.exec(text)?.index;
  if (first === undefined) return undefined;
  const offset = inTemplatesFolder(path) ? first : unquotedActionOffset(text);
  if (offset === undefined) return undefined;
  const { line, column } = lineColumn(text, offset);
  return {
    line,
    column,
    reason: `templated YAML ("${text.slice(offset, offset + 2)}" at ${line}:${column}), not YAML until rendered: lint the rendered output (helm template CHART | platlint -)`,
  };
}

/** True for text that is a template rather than YAML (see templateMarker); the language server uses it too. */
export function isTemplatedYaml(text: string, path: string): boolean {
  return templateMarker(text, path) !== undefined;
}
