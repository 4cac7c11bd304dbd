import { LineCounter, parseAllDocuments, type Document } from 'yaml';

/** The options under which the platform's Go decoder and this linter agree on what a scalar means. */
export const PLATFORM_YAML_OPTIONS = {
  version: '1.1',
  prettyErrors: false,
  uniqueKeys: true,
} as const;

export interface ParsedYaml {
  text: string;
  lineCounter: LineCounter;
  documents: Document.Parsed[];
}

export function parseYaml(text: string): ParsedYaml {
  const lineCounter = new LineCounter();
  const parsed = parseAllDocuments(text, { ...PLATFORM_YAML_OPTIONS, lineCounter });
  // parseAllDocuments returns an EmptyStream (an array with no documents) for empty input.
  const documents = Array.isArray(parsed) ? [...parsed] : [parsed];
  return { text, lineCounter, documents };
}
