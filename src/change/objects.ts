/**
 * The objects of a file and how versions of them are paired: an update is judged against the previous version of
 * the same object, found by identity (apiVersion, kind, namespace, name), then by `metadata.uid` (the server's own
 * identity, which survives a rename in the manifest), then, within one pair of files, by order among the objects
 * left over (a file holding one object compared with the file it replaced).
 */
import type { LintTarget } from '../engine/document.js';
import { TargetExtractor } from '../engine/extract.js';
import type { ForeignJudge } from '../engine/rule-plan.js';
import { holdsPlatformObject } from '../engine/scope.js';
import { readYaml } from '../engine/read-yaml.js';
import { identityKey, uidOf } from '../platform/identity.js';

export interface ObjectVersion {
  /** The file the object was read from (a path as shown to the user, or a repository path at a git revision). */
  file: string;
  /** Where it is in the file: the engine's document index, the JSON Pointer of the object, raw status or not. */
  slot: string;
  /** apiVersion, kind, namespace and name; undefined when the object has no name. */
  identity: string | undefined;
  uid: string | undefined;
  data: Readonly<Record<string, unknown>>;
  fromRaw: boolean;
}

export function slotOf(target: Pick<LintTarget, 'documentIndex' | 'fromRaw' | 'pointer'>): string {
  return `${target.documentIndex}\u0000${target.pointer([])}\u0000${target.fromRaw ? 'raw' : ''}`;
}

/**
 * The User and Config objects of a file's text, found as the engine finds them (List items, Config raw status), and
 * the objects of other APIs that `foreign` says are linted too.
 */
export function objectsIn(text: string, file: string, foreign?: ForeignJudge): ObjectVersion[] {
  // Both versions are read as the linted file is: the platform's reading, by the engine's reader.
  const read = readYaml(text);
  const extractor = new TargetExtractor(read.parsed, foreign);
  const readable = read.documents.filter(({ data }) => data !== null && data !== undefined);
  const fileHasPlatformObjects = holdsPlatformObject(readable.map(({ data }) => data));
  const out: ObjectVersion[] = [];
  for (const { index, space, data } of readable) {
    for (const target of extractor.extract(index, space, data, fileHasPlatformObjects).targets) {
      out.push({ file, slot: slotOf(target), identity: identityKey(target.data), uid: uidOf(target.data), data: target.data, fromRaw: target.fromRaw });
    }
  }
  return out;
}

/** The previous versions, indexed once per run by identity, uid and file. */
export class OldObjects {
  private readonly byIdentity = new Map<string, ObjectVersion>();
  private readonly byUid = new Map<string, ObjectVersion[]>();
  private readonly byFile = new Map<string, ObjectVersion[]>();

  constructor(objects: Iterable<ObjectVersion>) {
    for (const o of objects) {
      const key = versionKey(o);
      if (key !== undefined && !this.byIdentity.has(key)) this.byIdentity.set(key, o);
      if (o.uid !== undefined) push(this.byUid, o.uid, o);
      push(this.byFile, o.file, o);
    }
  }

  withIdentity(key: string): ObjectVersion | undefined {
    return this.byIdentity.get(key);
  }

  withUid(uid: string): readonly ObjectVersion[] {
    return this.byUid.get(uid) ?? [];
  }

  inFile(file: string | undefined): readonly ObjectVersion[] {
    return file === undefined ? [] : (this.byFile.get(file) ?? []);
  }
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/** The object's identity, told apart from its own status read out of `spec.raw`. */
function versionKey(o: ObjectVersion): string | undefined {
  return o.identity === undefined ? undefined : `${o.identity}\u0000${o.fromRaw}`;
}

/**
 * Pairs each new object with its previous version: by identity, then by uid, then, among the objects left over,
 * in order with those of `oldFile` (the same path at the base revision, or `diff`'s OLD file).
 */
export function pairVersions(olds: OldObjects, news: readonly ObjectVersion[], oldFile: string | undefined): Map<ObjectVersion, ObjectVersion> {
  const pairs = new Map<ObjectVersion, ObjectVersion>();
  const taken = new Set<ObjectVersion>();
  const claim = (n: ObjectVersion, o: ObjectVersion | undefined): void => {
    if (!o || taken.has(o) || pairs.has(n)) return;
    pairs.set(n, o);
    taken.add(o);
  };
  for (const n of news) {
    const key = versionKey(n);
    if (key !== undefined) claim(n, olds.withIdentity(key));
  }
  for (const n of news) {
    if (pairs.has(n) || n.uid === undefined) continue;
    claim(n, olds.withUid(n.uid).find((o) => !taken.has(o) && o.fromRaw === n.fromRaw));
  }
  // Left over on both sides of the same file: paired in order, so a renamed object is still compared.
  const sameFile = olds.inFile(oldFile);
  for (const n of news) {
    if (pairs.has(n)) continue;
    claim(n, sameFile.find((o) => !taken.has(o) && o.fromRaw === n.fromRaw));
  }
  return pairs;
}
