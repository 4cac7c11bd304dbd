/**
 * Kubernetes' CEL base environment by version: a port of k8s.io/apiserver pkg/cel/environment/base.go (baseOpts).
 * Each entry switches a library or an option on at the Kubernetes minor version base.go gives (and off at its
 * RemovedVersion); the environment of a version is the union of the entries in force.
 */
import type { FunctionDecl } from './decls.js';
import type { MacroName } from './macros.js';
import { STANDARD_MACROS } from './macros.js';
import { BOOL, BYTES, DOUBLE, DURATION, INT, listOf, mapOf, NULL, opaque, STRING, TIMESTAMP, typeName, typeOf, UINT, DYN, type CelType } from './types.js';
import { CelTypeValue } from './values.js';
import type { IdentDecl } from './checker.js';
import type { Library } from './lib/library.js';
import { standardOperators } from './lib/std-ops.js';
import { conversionsLibrary } from './lib/std-conversions.js';
import { timeLibrary } from './lib/std-time.js';
import { stringsLibrary } from './lib/ext-strings.js';
import { listsLibrary, setsLibrary } from './lib/ext-lists.js';
import { optionalLibrary } from './lib/optional.js';
import { cidrLibrary, ipLibrary } from './lib/k8s-ip.js';
import { quantityLibrary } from './lib/k8s-quantity.js';
import { semverLibrary } from './lib/k8s-semver.js';
import { kubernetesListsLibrary, regexLibrary } from './lib/k8s-lists-regex.js';
import { formatLibrary, urlsLibrary } from './lib/k8s-url-format.js';
import { authzLibrary } from './lib/k8s-authz.js';
import { comprehensionsLibrary } from './lib/comprehensions.js';

import { KUBERNETES_VERSIONS } from './versions.js';

export { KUBERNETES_VERSIONS, NEWEST_KUBERNETES_VERSION } from './versions.js';

/** What one base.go entry turns on. */
export interface Features {
  libraries: Library[];
  crossTypeNumericComparisons: boolean;
  optionalTypes: boolean;
  /** cel.ASTValidators: duration, timestamp and regex literals, homogeneous aggregate literals. */
  literalValidators: boolean;
}

export interface VersionedOption {
  /** What base.go switches on, in words (for docs and tests). */
  name: string;
  introduced: number;
  removed?: number;
  apply(features: Features): void;
}

const EXISTS_ONE_MACRO: Library = { name: 'the existsOne macro', functions: [], macros: ['existsOne'] };

const add = (...libraries: Library[]) => (f: Features) => void f.libraries.push(...libraries);

/** base.go's baseOpts, in its order. Minor versions of Kubernetes 1.x. */
export const BASE_OPTIONS: readonly VersionedOption[] = [
  { name: 'urls', introduced: 0, apply: add(urlsLibrary) },
  { name: 'regex', introduced: 0, apply: add(regexLibrary) },
  { name: 'kubernetes lists version 0', introduced: 0, removed: 37, apply: add(kubernetesListsLibrary(0)) },
  { name: 'authz', introduced: 27, removed: 31, apply: add(authzLibrary(false)) },
  { name: 'cross-type numeric comparisons', introduced: 28, apply: (f) => void (f.crossTypeNumericComparisons = true) },
  { name: 'optional types', introduced: 28, apply: (f) => void ((f.optionalTypes = true), f.libraries.push(optionalLibrary)) },
  { name: 'quantity', introduced: 28, apply: add(quantityLibrary) },
  { name: 'literal validators', introduced: 29, apply: (f) => void (f.literalValidators = true) },
  { name: 'strings version 0', introduced: 0, removed: 29, apply: add(stringsLibrary(0)) },
  // Not base.go's: the golang.org/x/text Kubernetes builds with writes %e without spaces around × from v0.23 (1.33).
  { name: 'strings version 2', introduced: 29, removed: 33, apply: add(stringsLibrary(2, { spacedTimesSign: true })) },
  { name: 'strings version 2, x/text v0.23', introduced: 33, apply: add(stringsLibrary(2)) },
  { name: 'sets', introduced: 29, apply: add(setsLibrary) },
  { name: 'ip', introduced: 30, apply: add(ipLibrary) },
  { name: 'cidr', introduced: 30, apply: add(cidrLibrary) },
  { name: 'format', introduced: 31, apply: add(formatLibrary) },
  // base.go adds AuthzSelectors at 1.31 to the Authz of 1.27: one library with the selectors from then on.
  { name: 'authz selectors', introduced: 31, apply: add(authzLibrary(true)) },
  { name: 'two-variable comprehensions', introduced: 32, apply: add(comprehensionsLibrary) },
  { name: 'semver', introduced: 33, apply: add(semverLibrary(1)) },
  { name: 'ext lists version 3', introduced: 34, apply: add(listsLibrary(3)) },
  { name: 'kubernetes lists version 1', introduced: 37, apply: add(kubernetesListsLibrary(1)) },
  // Not base.go's: the parser's macros come with cel-go, and `existsOne` with v0.22.1 (#1064), which Kubernetes takes
  // in 1.33 (k8s.io/apiserver v0.32 builds with v0.22.0, v0.33 with v0.23.2). An older API server reads
  // `l.existsOne(x, p)` as a call of an undeclared function.
  { name: 'existsOne macro', introduced: 33, apply: add(EXISTS_ONE_MACRO) },
];

/** "1.30" as its minor number, or undefined for a version platlint does not know. */
export function minorOf(version: string): number | undefined {
  return KUBERNETES_VERSIONS.includes(version) ? Number(version.slice(2)) : undefined;
}

export function featuresOf(minor: number): Features {
  const features: Features = { libraries: [], crossTypeNumericComparisons: false, optionalTypes: false, literalValidators: false };
  for (const option of BASE_OPTIONS) if (option.introduced <= minor && (option.removed === undefined || minor < option.removed)) option.apply(features);
  return features;
}

const STANDARD_TYPES: readonly CelType[] = [INT, UINT, DOUBLE, BOOL, STRING, BYTES, NULL, listOf(DYN), mapOf(DYN, DYN), typeOf(), DURATION, TIMESTAMP];

/** The functions, type names and macros of a set of libraries with the standard library, merged by name. */
export class Declarations {
  readonly functions = new Map<string, FunctionDecl>();
  readonly idents = new Map<string, IdentDecl>();
  readonly macros = new Set<MacroName>(STANDARD_MACROS);

  constructor(features: Pick<Features, 'libraries' | 'crossTypeNumericComparisons' | 'optionalTypes'>) {
    const libraries = [standardOperators(features.crossTypeNumericComparisons), conversionsLibrary, timeLibrary, ...features.libraries];
    const types = [...STANDARD_TYPES, ...(features.optionalTypes ? [opaque('optional_type', DYN)] : [])];
    for (const library of libraries) {
      for (const decl of library.functions) {
        const known = this.functions.get(decl.name);
        if (!known) this.functions.set(decl.name, { name: decl.name, overloads: [...decl.overloads] });
        else for (const overload of decl.overloads) if (!known.overloads.some((o) => o.id === overload.id)) known.overloads.push(overload);
      }
      types.push(...(library.types ?? []));
      for (const macro of library.macros ?? []) this.macros.add(macro);
    }
    for (const type of types) this.idents.set(typeName(type), { type: typeOf(type), value: new CelTypeValue(type) });
  }
}
