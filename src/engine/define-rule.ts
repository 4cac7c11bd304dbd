/**
 * `defineRule`: a rule's handle. The compiler knows its message ids and the `{{data}}` each template names, so a
 * misspelt message id or a missing data key is a type error in its `check` and wherever an engine stage reports
 * through it (`yamlSyntaxRule.finding('tab', { place, goError })`); and it knows the type of its options from the
 * `optionsSchema` in its meta, whose `default`s are the one place options get their defaults.
 */
import type { DataArgs, IsOpen, OptionsSchema, Rule, RuleContext, RuleDocument, RuleFinding, RuleMessages, RuleMeta, RuleOptions } from './types.js';

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

export interface RuleDefinition<M extends RuleMessages, S extends OptionsSchema | undefined> {
  meta: Omit<RuleMeta, 'optionsSchema'> & { optionsSchema?: S };
  messages: M & Readable<M>;
  /** The check, for a rule that runs on documents; a rule reported by engine stages names them in `meta.stages`. */
  check?(doc: RuleDocument, ctx: RuleContext<M, OptionsOf<S>>): void;
}

/** The defaults of a rule's options: each option's `default` in its schema. */
export function defaultOptionsOf(schema: OptionsSchema | undefined): RuleOptions {
  const out: Record<string, unknown> = {};
  for (const [name, option] of Object.entries(schema?.properties ?? {})) if (option.default !== undefined) out[name] = option.default;
  return out;
}

export function defineRule<const M extends RuleMessages, const S extends OptionsSchema | undefined = undefined>(definition: RuleDefinition<M, S>): RuleHandle<M> {
  const { meta, messages, check } = definition;
  const handle: RuleHandle<M> = {
    meta,
    messages,
    finding(messageId, ...data) {
      return data[0] === undefined ? { rule: handle, messageId } : { rule: handle, messageId, data: data[0] };
    },
    // The engine hands every rule the same context, whose `report` takes any message: typed here, not there.
    ...(check ? { check: check as unknown as Rule['check'] } : {}),
  };
  return handle;
}
