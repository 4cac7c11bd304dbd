/**
 * The one module rule authors import from: the rule contract, data-path helpers, the platform's providers and
 * server-owned fields, the value formats (each a port of the upstream parser it names) and message helpers.
 * Rules never import src/ themselves, so the engine's internals can move without touching them.
 */
export type {
  DataPath,
  DataValue,
  FixOperation,
  MessageData,
  MessageSpec,
  MessageTemplate,
  NodeFacts,
  PathSegment,
  Report,
  ReportOf,
  ResourceKind,
  Rule,
  RuleContext,
  RuleDocument,
  RuleMessages,
  RuleMeta,
  RuleOptions,
  RuleSource,
  Suggestion,
} from '../src/engine/types.js';
export { defineRule, type OptionsOf, type RuleHandle } from '../src/engine/define-rule.js';
export { deepEqual, displayPath, entriesOf, getIn, isBlank, isNonEmptyList, isRecord, isSet, listAt, mappingItems, optionalStringAt, recordAt, repeatedField, stringAt } from '../src/platform/data.js';
export { CALLBACK_PATHS, eachProvider, PROVIDER_TYPES, providersOfType, type ProviderEntry, type ProviderType } from '../src/platform/providers.js';
export { lastComponent, NAME_ID_FORMATS, USER_VERBS } from '../src/platform/enumerations.js';
export { SERVER_OWNED_METADATA, type ServerOwnedField } from '../src/platform/server-fields.js';
export * from '../src/formats/index.js';
export { didYouMean } from '../src/engine/suggest.js';
export { problemsText, shown, shownJson, writtenScalar } from '../src/engine/message-text.js';

/** The message of a URL field that `parseAbsoluteUrl` refuses: `value` as `shown` gives it, `reason` from `absoluteUrlProblem`. */
export const NOT_ABSOLUTE_URL = '{{field}} is "{{value}}", not an absolute URL ({{reason}}).';
