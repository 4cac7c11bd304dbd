/**
 * The yaml nodes and documents the token composer (token-compose.ts) makes, made without yaml's constructors.
 */
import { Document, Pair, Scalar, YAMLMap, YAMLSeq, type Node, type Schema } from 'yaml';
import { PLATFORM_YAML_OPTIONS } from './parse.js';

/**
 * What every document composed here shares: its options, with one schema for all of them (the yaml package builds a
 * schema for each document, its tag list filtered anew by PLATFORM_YAML_OPTIONS's customTags; nothing changes a schema
 * once built, and a document given one in its options takes it as it is), and the prototypes of its nodes.
 *
 * Each of yaml's node constructors gives the node its type with Object.defineProperty (a collection its schema too),
 * which V8 runs on a slow path: a twentieth of a lint run on small files went there. yaml tells nodes apart by that
 * property (`isScalar(node)` reads `node[Symbol.for('yaml.node.type')]`), which is read through a prototype as well;
 * so a node made here is an object whose prototype, below its class's, holds its type (and a collection's, the shared
 * schema). test/yaml/token-compose.test.ts holds these nodes to the composer's.
 */
interface Shared {
  options: typeof PLATFORM_YAML_OPTIONS;
  scalar: Scalar;
  pair: Pair;
  map: YAMLMap;
  seq: YAMLSeq;
}

const NODE_TYPE = Symbol.for('yaml.node.type');

function nodePrototype<T extends object>(base: T, type: string, schema?: Schema): T {
  const properties: PropertyDescriptorMap = { [NODE_TYPE]: { value: Symbol.for(`yaml.${type}`) } };
  // Writable, so that yaml's clone(schema) can give a copy its own.
  if (schema) properties['schema'] = { value: schema, writable: true, configurable: true };
  return Object.create(base, properties) as T;
}

let shared: Shared | undefined;
export function sharedParts(): Shared {
  if (shared) return shared;
  const schema = new Document(undefined, PLATFORM_YAML_OPTIONS).schema as Schema;
  shared = {
    options: { ...PLATFORM_YAML_OPTIONS, schema },
    scalar: nodePrototype(Scalar.prototype, 'scalar'),
    pair: nodePrototype(Pair.prototype, 'pair'),
    map: nodePrototype(YAMLMap.prototype, 'map', schema),
    seq: nodePrototype(YAMLSeq.prototype, 'seq', schema),
  };
  return shared;
}

export function newScalar(value: unknown): Scalar {
  const node = Object.create(sharedParts().scalar) as Scalar;
  node.value = value;
  return node;
}

export function newPair(key: Node, value: Node): Pair {
  const pair = Object.create(sharedParts().pair) as Pair;
  pair.key = key;
  pair.value = value;
  return pair;
}

export function newMap(): YAMLMap {
  const node = Object.create(sharedParts().map) as YAMLMap;
  node.items = [];
  return node;
}

export function newSeq(): YAMLSeq {
  const node = Object.create(sharedParts().seq) as YAMLSeq;
  node.items = [];
  return node;
}
