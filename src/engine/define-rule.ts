/**
 * `defineRule`: a rule's handle. The compiler knows its message ids and the `{{data}}` each template names, so a
 * misspelt message id or a missing data key is a type error in its `check` and wherever an engine stage reports
 * through it (`yamlSyntaxRule.finding('tab', { place, goError })`); and it knows the type of its options from the
 * `optionsSchema` in its meta, whose `default`s are the one place options get their defaults.
 */
import { optionalStringAt, recordAt } from '../platform/data.js';
import { providersOfType, type ProviderEntry, type ProviderType } from '../platform/providers.js';
import type { DataArgs, DataPath, IsOpen, OptionsSchema, Rule, RuleContext, RuleDocument, RuleFinding, RuleMessages, RuleMeta, RuleOptions } from './types.js';

/** The TypeScript type of a value its JSON Schema allows (the keywords options use). */
type SchemaValue<S> = S extends { readonly enum: readonly (infer E)[] }
  ? E
  : S extends { readonly type: 'string' }
    ? string
    : S extends { readonly type: 'integer' | 'number' }
      ? number
      : S extends { readonly type: 'boolean' }
        ? boolean
        : S extends { readonly type: 'array'; readonly items: infer I }
          ? readonly SchemaValue<I>[]
          : S extends { readonly type: 'object'; readonly properties: infer P }
            ? { readonly [K in keyof P]?: SchemaValue<P[K]> }
            : unknown;

type Flat<T> = { [K in keyof T]: T[K] } & {};

/** A rule's options as its check sees them: an option with a `default` is always there, the others may be absent. */
export type OptionsOf<S> = S extends { readonly properties: infer P }
  ? Flat<
      { readonly [K in keyof P as P[K] extends { readonly default: unknown } ? K : never]: SchemaValue<P[K]> } & {
        readonly [K in keyof P as P[K] extends { readonly default: unknown } ? never : K]?: SchemaValue<P[K]>;
      }
    >
  : Readonly<Record<string, never>>;

/** A built-in rule: the engine's `Rule`, with its messages' types kept for the stages that report through it. */
export interface RuleHandle<M extends RuleMessages = RuleMessages> extends Rule {
  readonly messages: M;
  /** One of this rule's messages with its data, for an engine stage to place and hand to the file's reporter. */
  finding<K extends keyof M & string>(messageId: K, ...data: DataArgs<M[K]>): RuleFinding;
}

/** A template built with `+` or from a variable is a `string` to the compiler, which then cannot check its data. */
interface LiteralTemplate {
  'write this template as one string literal (or a template literal of constants), not with +': never;
}

/** The messages, each required to be a template whose placeholders the compiler can read. */
type Readable<M> = { readonly [K in keyof M]: IsOpen<M[K]> extends true ? LiteralTemplate : unknown };

interface DefinitionBase<M extends RuleMessages, S extends OptionsSchema | undefined> {
  meta: Omit<RuleMeta, 'optionsSchema'> & { optionsSchema?: S };
  messages: M & Readable<M>;
}

/** A rule whose check reads the whole document, or a rule with no check (its `meta.stages` report for it). */
export interface RuleDefinition<M extends RuleMessages, S extends OptionsSchema | undefined> extends DefinitionBase<M, S> {
  given?: undefined;
  check?(doc: RuleDocument, ctx: RuleContext<M, OptionsOf<S>>): void;
}

/**
 * Where a check starts: the value at a path, when it is a mapping or a string the platform reads as set (not "";
 * Go's omitempty drops ""); or each login provider of a type, at the top of `status.auth` and in its connectors.
 */
export type Given = { path: DataPath; type: 'mapping' | 'string' } | { provider: ProviderType };
type GivenValue<G extends Given> = G extends { provider: ProviderType } ? ProviderEntry : G extends { type: 'mapping' } ? Readonly<Record<string, unknown>> : string;

/** Where a given value is: its data path, and the document it is in. */
export interface GivenPlace {
  path: DataPath;
  doc: RuleDocument;
}

/**
 * A rule whose check starts at one place (Spectral's `given`): the engine runs it only where the document has such
 * a value, once for each, and hands it over, so the place is named once (it is also the rule's `meta.sections`) and
 * the check does not find and test it first.
 */
export interface GivenRuleDefinition<M extends RuleMessages, S extends OptionsSchema | undefined, G extends Given> extends DefinitionBase<M, S> {
  meta: Omit<RuleMeta, 'optionsSchema' | 'sections'> & { optionsSchema?: S; sections?: undefined };
  given: G;
  check(value: GivenValue<G>, ctx: RuleContext<M, OptionsOf<S>>, place: GivenPlace): void;
}

/** The defaults of a rule's options: each option's `default` in its schema. */
export function defaultOptionsOf(schema: OptionsSchema | undefined): RuleOptions {
  const out: Record<string, unknown> = {};
  for (const [name, option] of Object.entries(schema?.properties ?? {})) if (option.default !== undefined) out[name] = option.default;
  return out;
}

export function defineRule<const M extends RuleMessages, const S extends OptionsSchema | undefined = undefined, const G extends Given = Given>(
  definition: GivenRuleDefinition<M, S, G>,
): RuleHandle<M>;
export function defineRule<const M extends RuleMessages, const S extends OptionsSchema | undefined = undefined>(definition: RuleDefinition<M, S>): RuleHandle<M>;
export function defineRule(definition: RuleDefinition<RuleMessages, undefined> | GivenRuleDefinition<RuleMessages, undefined, Given>): RuleHandle<RuleMessages> {
  const { messages } = definition;
  const meta: RuleMeta = definition.given ? { ...definition.meta, sections: [sectionOf(definition.given)] } : definition.meta;
  // The engine hands every rule the same context, whose `report` takes any message: typed in the definition, not there.
  const check = definition.given ? givenCheck(definition) : (definition.check as Rule['check']);
  const handle: RuleHandle<RuleMessages> = {
    meta,
    messages,
    finding(messageId, ...data) {
      return data[0] === undefined ? { rule: handle, messageId } : { rule: handle, messageId, data: data[0] };
    },
    ...(check ? { check } : {}),
  };
  return handle;
}

/** The dotted path a given is in, for section pruning (rule-plan.ts). */
function sectionOf(given: Given): string {
  return 'provider' in given ? 'status.auth' : given.path.join('.');
}

/** The check of a rule with a `given`: the value found and tested here, for every such rule. */
function givenCheck({ given, check }: GivenRuleDefinition<RuleMessages, undefined, Given>): NonNullable<Rule['check']> {
  if ('provider' in given) {
    const type = given.provider;
    return (doc, ctx) => {
      for (const entry of providersOfType(doc.data, type)) check(entry as never, ctx as never, { path: entry.path, doc });
    };
  }
  const { path, type } = given;
  const valueAt = type === 'mapping' ? recordAt : optionalStringAt;
  return (doc, ctx) => {
    const value = valueAt(doc.data, path);
    if (value !== undefined) check(value as never, ctx as never, { path, doc });
  };
}
