/**
 * Trims of ajv's standalone code (build-validators.ts), the largest part of the CLI bundle, that keep every
 * error the validators report the same for what src/schema/validate.ts reads (keyword, instancePath, params, schema,
 * parentSchema, data):
 * - it embeds each schema it validates against as a literal (for `verbose` errors' `schema` and `parentSchema`): a
 *   second copy of the User and Config schemas, some 50 kB, beside the schema module the bundle has anyway. The
 *   literals are swapped for that module's objects, which are the same values.
 * - each error then reaches its `schema` and `parentSchema` by a path (`schema11.properties.spec.properties.auth...`,
 *   90 characters on average, 1,100 of them): these become an index into the schema's nodes (schema-nodes.ts),
 *   resolved at build time to the same object.
 * - every error object spells out its `schemaPath` ("#/properties/spec/properties/..."), another 50 kB that nothing
 *   reads. The strings are emptied. (Validators ajv compiles at run time, for configs and policies, keep theirs.)
 * - the 600 error object literals then spell out their seven keys each: they are built by a function instead, which
 *   makes the same object, keys in the same order; `schema` is taken from `parentSchema[keyword]` where it is that.
 */
import type { JsonSchema } from '../schema/metadata.js';
import { schemaNodes } from '../schema/schema-nodes.js';

/** Where the generated module imports `schemas` (src/schema/index.ts) and `schemaNodes` (schema-nodes.ts) from. */
export interface LeanImports {
  schemas: string;
  schemaNodes: string;
}

const PATH_SEGMENT = /^[A-Za-z_$][\w$]*$/;

/** `schemaNN.a.b.c` -> `nodesNN[i].c` (or `nodesNN[i]` when the path ends on an object), from the node's index. */
function indexedPaths(code: string, constant: string, schema: JsonSchema): string {
  const nodes = schemaNodes(schema);
  const index = new Map(nodes.map((node, i) => [node, i]));
  const list = `${constant}Nodes`;
  let used = false;
  const pattern = new RegExp(`\\b(schema|parentSchema):${constant}((?:\\.[A-Za-z_$][\\w$]*)+)`, 'g');
  const lean = code.replace(pattern, (whole, key: string, path: string) => {
    const segments = path.slice(1).split('.');
    let node: unknown = schema;
    let objectDepth = 0;
    for (const [depth, segment] of segments.entries()) {
      if (typeof node !== 'object' || node === null || !PATH_SEGMENT.test(segment) || !Object.hasOwn(node, segment)) return whole;
      node = (node as Record<string, unknown>)[segment];
      if (typeof node === 'object' && node !== null) objectDepth = depth + 1;
    }
    if (objectDepth < segments.length - 1) return whole;
    let holder: unknown = schema;
    for (const segment of segments.slice(0, objectDepth)) holder = (holder as Record<string, unknown>)[segment];
    const at = index.get(holder as object);
    if (at === undefined) return whole;
    used = true;
    return `${key}:${list}[${at}]${segments.slice(objectDepth).map((s) => `.${s}`).join('')}`;
  });
  return used ? `${lean}\nconst ${list} = __platlintSchemaNodes(${constant});` : lean;
}

export function leanValidatorsModule(code: string, schemas: Readonly<Record<'User' | 'Config', JsonSchema>>, imports: LeanImports): string {
  let lean = code.replace(/schemaPath:\s*"(?:[^"\\]|\\.)*"/g, 'schemaPath:""');
  const swapped: string[] = [];
  for (const name of ['User', 'Config'] as const) {
    const literal = ` = ${JSON.stringify(schemas[name])};`;
    const at = lean.indexOf(literal);
    const constant = /const (schema\d+)$/.exec(lean.slice(Math.max(0, at - 40), at))?.[1];
    if (at < 0 || constant === undefined) continue;
    lean = `${lean.slice(0, at)} = __platlintSchemas.${name};${lean.slice(at + literal.length)}`;
    swapped.push(name);
    lean = indexedPaths(lean, constant, schemas[name]);
  }
  if (swapped.length === 0) return lean;
  lean = errorsByFunction(lean);
  return `import { schemas as __platlintSchemas } from ${JSON.stringify(imports.schemas)};\nimport { schemaNodes as __platlintSchemaNodes } from ${JSON.stringify(imports.schemaNodes)};\n${lean}`;
}

/** ajv's error literal once schemaPath is emptied; a literal it does not match (a brace in a pattern param) stays. */
const ERROR_LITERAL = /\{instancePath(?::([^;{}]+?))?,schemaPath:"",keyword:"(\w+)",params:(\{[^{}]*\}),schema:([\w$.[\]]+),parentSchema:([\w$.[\]]+),data(?::([\w$]+))?\}/g;

const ERROR_FUNCTIONS = `
function __platlintError(instancePath, keyword, params, schema, parentSchema, data) {
  return { instancePath, schemaPath: "", keyword, params, schema, parentSchema, data };
}
function __platlintKeywordError(instancePath, keyword, params, parentSchema, data) {
  return { instancePath, schemaPath: "", keyword, params, schema: parentSchema[keyword], parentSchema, data };
}`;

function errorsByFunction(code: string): string {
  let used = false;
  const lean = code.replace(ERROR_LITERAL, (_whole, instancePathExpression: string | undefined, keyword: string, params: string, schema: string, parentSchema: string, dataExpression: string | undefined) => {
    used = true;
    // `{instancePath,...,data}`: shorthands for the variables of those names.
    const instancePath = instancePathExpression ?? 'instancePath';
    const data = dataExpression ?? 'data';
    return schema === `${parentSchema}.${keyword}`
      ? `__platlintKeywordError(${instancePath},"${keyword}",${params},${parentSchema},${data})`
      : `__platlintError(${instancePath},"${keyword}",${params},${schema},${parentSchema},${data})`;
  });
  return used ? `${lean}\n${ERROR_FUNCTIONS}` : lean;
}
