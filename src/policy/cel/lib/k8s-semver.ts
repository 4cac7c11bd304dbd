/**
 * Kubernetes' semver library (k8s.io/apiserver pkg/cel/library/semverlib.go) on a port of blang/semver v4's Parse
 * and Compare: `semver()`, `isSemver()` (version 1 adds the `normalize` argument), `isGreaterThan()`, `isLessThan()`,
 * `compareTo()`, `major()`, `minor()`, `patch()`.
 */
import { UINT64_MAX } from '../../../formats/go-int.js';
import { goQuote } from '../../../formats/go-quote.js';
import { fn, global, member } from '../decls.js';
import { BOOL, INT, objectType, STRING } from '../types.js';
import { CelError, type CelValue, type Result, WrapperObject } from '../values.js';
import type { Library } from './library.js';

export const SEMVER_TYPE = objectType('kubernetes.Semver');

interface Version {
  major: bigint;
  minor: bigint;
  patch: bigint;
  pre: (bigint | string)[];
}

const NUMBERS = /^[0-9]*$/;
const ALPHANUM = /^[A-Za-z0-9-]*$/;
const hasLeadingZeroes = (s: string): boolean => s.length > 1 && s[0] === '0';

function parseUint(s: string): bigint | string {
  if (!/^[0-9]+$/.test(s)) return `strconv.ParseUint: parsing ${goQuote(s)}: invalid syntax`;
  const n = BigInt(s);
  return n > UINT64_MAX ? `strconv.ParseUint: parsing ${goQuote(s)}: value out of range` : n;
}

function number(part: string, name: string): bigint | string {
  if (!NUMBERS.test(part)) return `Invalid character(s) found in ${name} number ${goQuote(part)}`;
  if (hasLeadingZeroes(part)) return `${name[0]?.toUpperCase()}${name.slice(1)} number must not contain leading zeroes ${goQuote(part)}`;
  return parseUint(part);
}

export function parseSemver(s: string): Version | string {
  if (s === '') return 'Version string empty';
  const parts = s.split('.');
  if (parts.length < 3) return 'No Major.Minor.Patch elements found';
  const [majorText = '', minorText = ''] = parts;
  let rest = parts.slice(2).join('.');
  const major = number(majorText, 'major');
  if (typeof major === 'string') return major;
  const minor = number(minorText, 'minor');
  if (typeof minor === 'string') return minor;
  let build: string[] = [];
  const plus = rest.indexOf('+');
  if (plus !== -1) {
    build = rest.slice(plus + 1).split('.');
    rest = rest.slice(0, plus);
  }
  let pre: string[] = [];
  const dash = rest.indexOf('-');
  if (dash !== -1) {
    pre = rest.slice(dash + 1).split('.');
    rest = rest.slice(0, dash);
  }
  const patch = number(rest, 'patch');
  if (typeof patch === 'string') return patch;
  const version: Version = { major, minor, patch, pre: [] };
  for (const p of pre) {
    if (p === '') return 'Prerelease is empty';
    if (NUMBERS.test(p)) {
      if (hasLeadingZeroes(p)) return `Numeric PreRelease version must not contain leading zeroes ${goQuote(p)}`;
      const n = parseUint(p);
      if (typeof n === 'string') return n;
      version.pre.push(n);
    } else if (ALPHANUM.test(p)) version.pre.push(p);
    else return `Invalid character(s) found in prerelease ${goQuote(p)}`;
  }
  for (const b of build) {
    if (b === '') return 'Build meta data is empty';
    if (!ALPHANUM.test(b)) return `Invalid character(s) found in build meta data ${goQuote(b)}`;
  }
  return version;
}

/** The semverlib's normalizeAndParse: "v" prefix, leading zeroes and missing minor or patch are forgiven. */
function normalizeAndParse(input: string): Version | string {
  const parts = input.replace(/^v/, '').split('.');
  const limited = parts.length > 3 ? [...parts.slice(0, 2), parts.slice(2).join('.')] : parts;
  const normalized = limited.map((p) => {
    if (p.length <= 1) return p;
    const trimmed = p.replace(/^0+/, '');
    return trimmed === '' || !/^[0-9]/.test(trimmed) ? `0${trimmed}` : trimmed;
  });
  if (normalized.length < 3) {
    if (/[+-]/.test(normalized[normalized.length - 1] ?? '')) return 'short version cannot contain PreRelease/Build meta data';
    while (normalized.length < 3) normalized.push('0');
  }
  return parseSemver(normalized.join('.'));
}

function cmp(a: bigint | string, b: bigint | string): number {
  if (typeof a === 'bigint' && typeof b === 'bigint') return a === b ? 0 : a < b ? -1 : 1;
  if (typeof a === 'bigint') return -1;
  if (typeof b === 'bigint') return 1;
  return a === b ? 0 : a < b ? -1 : 1;
}

export function compareSemver(a: Version, b: Version): number {
  for (const key of ['major', 'minor', 'patch'] as const) if (a[key] !== b[key]) return a[key] < b[key] ? -1 : 1;
  if (a.pre.length === 0 && b.pre.length === 0) return 0;
  if (a.pre.length === 0) return 1;
  if (b.pre.length === 0) return -1;
  for (let i = 0; i < Math.min(a.pre.length, b.pre.length); i++) {
    const c = cmp(a.pre[i] as bigint | string, b.pre[i] as bigint | string);
    if (c !== 0) return c;
  }
  return a.pre.length === b.pre.length ? 0 : a.pre.length < b.pre.length ? -1 : 1;
}

export class SemverObject extends WrapperObject<Version> {
  readonly type = SEMVER_TYPE;
  protected sameValue(a: Version, b: Version): boolean {
    return compareSemver(a, b) === 0;
  }
}

function toSemver(s: string, normalize: boolean): Result {
  const parsed = normalize ? normalizeAndParse(s) : parseSemver(s);
  return typeof parsed === 'string' ? new CelError(parsed) : new SemverObject(parsed);
}

const v = (x: CelValue | undefined): Version => (x as SemverObject).value;

export function semverLibrary(version: number): Library {
  const semver = fn('semver', global('string_to_semver', [STRING], SEMVER_TYPE, ([s]) => toSemver(s as string, false)));
  const isSemver = fn('isSemver', global('is_semver_string', [STRING], BOOL, ([s]) => typeof parseSemver(s as string) !== 'string'));
  if (version >= 1) {
    semver.overloads.push(global('string_bool_to_semver', [STRING, BOOL], SEMVER_TYPE, ([s, n]) => toSemver(s as string, n as boolean)));
    isSemver.overloads.push(global('is_semver_string_bool', [STRING, BOOL], BOOL, ([s, n]) => typeof (n ? normalizeAndParse(s as string) : parseSemver(s as string)) !== 'string'));
  }
  return {
    name: `kubernetes.Semver version ${version}`,
    types: [SEMVER_TYPE],
    functions: [
      semver,
      isSemver,
      fn('isGreaterThan', member('semver_is_greater_than', [SEMVER_TYPE, SEMVER_TYPE], BOOL, ([a, b]) => compareSemver(v(a), v(b)) === 1)),
      fn('isLessThan', member('semver_is_less_than', [SEMVER_TYPE, SEMVER_TYPE], BOOL, ([a, b]) => compareSemver(v(a), v(b)) === -1)),
      fn('compareTo', member('semver_compare_to', [SEMVER_TYPE, SEMVER_TYPE], INT, ([a, b]) => BigInt(compareSemver(v(a), v(b))))),
      fn('major', member('semver_major', [SEMVER_TYPE], INT, ([a]) => v(a).major)),
      fn('minor', member('semver_minor', [SEMVER_TYPE], INT, ([a]) => v(a).minor)),
      fn('patch', member('semver_patch', [SEMVER_TYPE], INT, ([a]) => v(a).patch)),
    ],
  };
}
