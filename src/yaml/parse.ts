import { LineCounter, parseAllDocuments, type Document, type ParseOptions, type DocumentOptions, type SchemaOptions } from 'yaml';

/**
 * The options under which the platform's Go decoder and this linter agree on what a scalar means: YAML 1.1
 * booleans, octals and sexagesimals, but timestamps stay strings, as Go's decoder leaves them for string and
 * interface fields (metav1.Time then parses the string itself).
 */
export const PLATFORM_YAML_OPTIONS: ParseOptions & DocumentOptions & SchemaOptions = {
  version: '1.1',
  prettyErrors: false,
  uniqueKeys: true,
  customTags: (tags) => tags.filter((tag) => typeof tag === 'string' || tag.tag !== 'tag:yaml.org,2002:timestamp'),
};

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
