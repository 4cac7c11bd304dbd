/**
 * The objects of the linted files that ValidatingAdmissionPolicies read (Namespaces, parameter objects), found before
 * linting: a policy may check a file against a parameter object written in another. A file that cannot be read or
 * decoded holds none; linting it says why.
 */
import { decodeSource } from '../engine/decode.js';
import type { ObjectData } from '../policy/vap/cluster.js';
import type { AdmissionRuntime } from '../policy/vap/load.js';
import { readInputFile } from '../project/files.js';

/** Gives the policies the objects of the files (and of stdin's bytes) they read, and returns them. */
export function collectClusterObjects(runtime: AdmissionRuntime, files: readonly string[], cwd: string, stdin?: Uint8Array): ObjectData[] {
  const found: ObjectData[] = [];
  const add = (bytes: Uint8Array): void => {
    const decoded = decodeSource(bytes);
    if (decoded.ok) found.push(...runtime.clusterObjectsIn(decoded.text));
  };
  if (stdin) add(stdin);
  for (const file of files) {
    const read = readInputFile(file, cwd);
    if ('bytes' in read) add(read.bytes);
  }
  runtime.cluster.useLinted(found);
  return found;
}
