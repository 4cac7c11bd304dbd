/**
 * The one module rule authors import from: the rule contract, data-path helpers, the platform's providers and
 * server-owned fields, the value formats (each a port of the upstream parser it names) and message helpers.
 * Rules never import src/ themselves, so the engine's internals can move without touching them.
 */
export type {
  DataPath,
  FixOperation,
  MessageSpec,
  NodeFacts,
  PathSegment,
  Report,
  ResourceKind,
  Rule,
  RuleContext,
  RuleDocument,
  RuleMeta,
  RuleSource,
  Suggestion,
} from '../src/engine/types.js';
export { displayPath, duplicates, entriesOf, getIn, isRecord, isSet, listAt, recordAt, stringAt } from '../src/platform/data.js';
export { CALLBACK_PATHS, eachProvider, PROVIDER_TYPES, type ProviderEntry, type ProviderType } from '../src/platform/providers.js';
export { lastComponent, NAME_ID_FORMATS, USER_VERBS } from '../src/platform/enumerations.js';
export { SERVER_OWNED_METADATA, type ServerOwnedField } from '../src/platform/server-fields.js';
export * from '../src/formats/index.js';
export { didYouMean } from '../src/schema/suggest.js';
export { problemsText, shown } from './message-text.js';
export { defineTwin, type CelTwin, type TwinCheck } from '../src/policy/export/twin.js';
