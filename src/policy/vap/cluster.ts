/**
 * The objects a cluster would hold that an admission decision reads besides the request: Namespaces (their labels
 * for namespaceSelector, `namespaceObject`) and parameter objects (a binding's paramRef). Offline they are the ones
 * written in the policy files and in the linted files; a Namespace that is not written anywhere is taken to exist
 * with nothing but its name, as `namespaceObject` then shows it.
 */
import { isRecord } from '../../platform/data.js';
import { selectorMatches } from '../match.js';
import type { LabelSelector } from '../types.js';
import type { ResourceMapper, Scope } from './resources.js';
import { splitApiVersion, type ParamKind } from './types.js';

/** The namespace kubectl gives an object of a namespaced kind written without one (its context's default). */
export const DEFAULT_NAMESPACE = 'default';

export type ObjectData = Readonly<Record<string, unknown>>;

export function metadataOf(data: ObjectData | null | undefined): Readonly<Record<string, unknown>> {
  const metadata = data?.['metadata'];
  return isRecord(metadata) ? metadata : {};
}

export function nameOf(data: ObjectData | null | undefined): string {
  const name = metadataOf(data)['name'];
  return typeof name === 'string' ? name : '';
}

export function labelsOf(data: ObjectData | null | undefined): Readonly<Record<string, unknown>> | undefined {
  const labels = metadataOf(data)['labels'];
  return isRecord(labels) ? labels : undefined;
}

/** The namespace an object is in: none for a cluster-scoped kind, `default` for a namespaced one written without. */
export function namespaceOf(data: ObjectData | null | undefined, scope: Scope): string {
  if (scope === 'Cluster') return '';
  const namespace = metadataOf(data)['namespace'];
  return typeof namespace === 'string' && namespace !== '' ? namespace : DEFAULT_NAMESPACE;
}

function typeOf(data: ObjectData): { group: string; kind: string } | undefined {
  const { apiVersion, kind } = data;
  return typeof apiVersion === 'string' && typeof kind === 'string' ? { group: splitApiVersion(apiVersion).group, kind } : undefined;
}

/** Objects of one source (the policy files, or the linted files), by kind. */
class Layer {
  readonly namespaces = new Map<string, ObjectData>();
  readonly byKind = new Map<string, ObjectData[]>();
}

/** Namespaces and parameter objects by kind: those of the policy files, then those of the linted files. */
export class ClusterObjects {
  private readonly policyFiles = new Layer();
  private linted = new Layer();
  /** Changes whenever objects are added or replaced: what was worked out from the objects before is stale. */
  revision = 0;

  constructor(private readonly mapper: ResourceMapper) {}

  static key(group: string, kind: string): string {
    return `${group}/${kind}`;
  }

  /** The key of the objects a paramKind names. */
  static paramKey(paramKind: ParamKind): string {
    return ClusterObjects.key(splitApiVersion(paramKind.apiVersion).group, paramKind.kind);
  }

  /** Whether an object of this kind is kept: a Namespace (when `namespaces`), or a kind some policy takes its parameters from. */
  static wanted(data: ObjectData, paramKinds: ReadonlySet<string>, namespaces: boolean): boolean {
    const type = typeOf(data);
    return type !== undefined && ((namespaces && type.group === '' && type.kind === 'Namespace') || paramKinds.has(ClusterObjects.key(type.group, type.kind)));
  }

  /** Keeps an object of a policy file; the first of a name wins, as the first one applied would be created. */
  add(data: ObjectData): void {
    this.revision++;
    this.addTo(this.policyFiles, data);
  }

  /** The objects of the files being linted, instead of those given before (an editor's open documents change). */
  useLinted(objects: readonly ObjectData[]): void {
    this.revision++;
    this.linted = new Layer();
    for (const data of objects) this.addTo(this.linted, data);
  }

  private addTo(layer: Layer, data: ObjectData): void {
    const type = typeOf(data);
    const name = nameOf(data);
    if (!type || name === '') return;
    if (type.group === '' && type.kind === 'Namespace') {
      if (!layer.namespaces.has(name)) layer.namespaces.set(name, data);
      return;
    }
    const key = ClusterObjects.key(type.group, type.kind);
    const list = layer.byKind.get(key) ?? [];
    const scope = this.mapper.scopeOf({ group: type.group, version: '', kind: type.kind });
    if (!list.some((o) => nameOf(o) === name && namespaceOf(o, scope) === namespaceOf(data, scope))) list.push(data);
    layer.byKind.set(key, list);
  }

  /** The Namespace of that name as written, or one with just its name. */
  namespace(name: string): ObjectData {
    return this.policyFiles.namespaces.get(name) ?? this.linted.namespaces.get(name) ?? { apiVersion: 'v1', kind: 'Namespace', metadata: { name } };
  }

  /** Parameter objects of a kind: by name, or all that a selector matches, in one namespace or cluster-wide. */
  params(kind: ParamKind, where: { namespace?: string; name?: string; selector?: LabelSelector }): ObjectData[] {
    const { group } = splitApiVersion(kind.apiVersion);
    const scope = this.mapper.scopeOf({ group, version: '', kind: kind.kind });
    const key = ClusterObjects.key(group, kind.kind);
    const all = [...(this.policyFiles.byKind.get(key) ?? []), ...(this.linted.byKind.get(key) ?? [])];
    // The policy files' object wins over one of the same name in a linted file.
    const seen = new Set<string>();
    const unique = all.filter((o) => {
      const id = `${namespaceOf(o, scope)}/${nameOf(o)}`;
      if (seen.has(id)) return false;
      seen.add(id);
      return true;
    });
    return unique.filter((o) => {
      if (where.namespace !== undefined && namespaceOf(o, scope) !== where.namespace) return false;
      if (where.name !== undefined) return nameOf(o) === where.name;
      return where.selector === undefined || selectorMatches(where.selector, labelsOf(o) as Record<string, unknown> | undefined);
    });
  }

  paramScope(kind: ParamKind): Scope {
    return this.mapper.scopeOf({ group: splitApiVersion(kind.apiVersion).group, version: '', kind: kind.kind });
  }
}
