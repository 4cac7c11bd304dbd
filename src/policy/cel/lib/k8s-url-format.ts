/**
 * Kubernetes' URL library (k8s.io/apiserver pkg/cel/library/urls.go, on the port of Go's net/url in go-url.ts) and named
 * format library (format.go: `format.named()`, `format.dns1123Label()`..., `validate()`, on platlint's ports of
 * apimachinery's name validation and go-openapi strfmt's uuid, byte, date and datetime checks).
 */
import { isDNS1035Label, isQualifiedName, isValidLabelValue, maskTrailingDash, nameIsDNSLabel, nameIsDNSSubdomain } from '../../../formats/k8s-names.js';
import { isCalendarDate } from '../../../formats/time.js';
import { escapedPath, hostnameOf, hostOf, isRefusal, parseRequestURI, parseURL, portOf, queryOf, urlErrorText, urlString, type GoURL } from '../../../formats/go-url.js';
import { fn, global, member } from '../decls.js';
import { BOOL, listOf, mapOf, objectType, optionalOf, STRING } from '../types.js';
import { CelError, CelObject, CelOptional, type CelValue, type MapKey, type Result } from '../values.js';
import type { Library } from './library.js';

export const URL_TYPE = objectType('kubernetes.URL');
export const FORMAT_TYPE = objectType('kubernetes.NamedFormat');

/** A URL value: Go's *url.URL, equal to another when both print the same (apiserver pkg/cel/url.go Equal). */
export class URLObject extends CelObject {
  readonly type = URL_TYPE;
  private printed: string | undefined;
  constructor(readonly url: GoURL) {
    super();
  }
  get text(): string {
    return (this.printed ??= urlString(this.url));
  }
  equals(other: CelValue): boolean {
    return other instanceof URLObject && other.text === this.text;
  }
}

/** urls.go stringToUrl: checked with ParseRequestURI, then parsed with Parse (which keeps a fragment apart). */
function toURL(s: string): Result {
  const checked = parseRequestURI(s);
  const parsed = isRefusal(checked) ? checked : parseURL(s);
  return isRefusal(parsed) ? new CelError(`URL parse error during conversion from string: ${urlErrorText(parsed)}`) : new URLObject(parsed);
}

function query(url: GoURL): Map<MapKey, CelValue> {
  return new Map([...queryOf(url)]);
}

const u = (v: CelValue | undefined): GoURL => (v as URLObject).url;

export const urlsLibrary: Library = {
  name: 'kubernetes.urls',
  types: [URL_TYPE],
  functions: [
    fn('url', global('string_to_url', [STRING], URL_TYPE, ([s]) => toURL(s as string))),
    fn('getScheme', member('url_get_scheme', [URL_TYPE], STRING, ([a]) => u(a).scheme)),
    fn('getHost', member('url_get_host', [URL_TYPE], STRING, ([a]) => hostOf(u(a)))),
    fn('getHostname', member('url_get_hostname', [URL_TYPE], STRING, ([a]) => hostnameOf(u(a)))),
    fn('getPort', member('url_get_port', [URL_TYPE], STRING, ([a]) => portOf(u(a)))),
    fn('getEscapedPath', member('url_get_escaped_path', [URL_TYPE], STRING, ([a]) => escapedPath(u(a)))),
    fn('getQuery', member('url_get_query', [URL_TYPE], mapOf(STRING, listOf(STRING)), ([a]) => query(u(a)))),
    fn('isURL', global('is_url_string', [STRING], BOOL, ([s]) => !isRefusal(parseRequestURI(s as string)))),
  ],
};

const UUID = /^(?:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|[0-9a-f]{32})$/i;
/** go-openapi strfmt's patterns, whose lengths Kubernetes uses as the formats' MaxRegexSize. */
const UUID_PATTERN = '(?i)(^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$)|(^[0-9a-f]{32}$)';
const DATE_TIME_PATTERN = '^([0-9]{2}):([0-9]{2}):([0-9]{2})(.[0-9]+)?(z|([+-][0-9]{2}:[0-9]{2}))$';
const TIME_OF_DAY = new RegExp(DATE_TIME_PATTERN);

/** strfmt.IsDateTime: a date, a "t", and a time whose fields are in range. */
function isDateTime(s: string): boolean {
  if (s.length < 4) return false;
  const parts = s.toLowerCase().split('t');
  if (parts.length < 2 || !isCalendarDate(parts[0] as string)) return false;
  const m = TIME_OF_DAY.exec(parts[1] as string);
  return m !== null && (m[1] as string) <= '23' && (m[2] as string) <= '59' && (m[3] as string) <= '59';
}

function isBase64(s: string): boolean {
  const cleaned = s.replace(/[\r\n]/g, '');
  return cleaned.length % 4 === 0 && /^[A-Za-z0-9+/]*={0,2}$/.test(cleaned);
}

interface NamedFormat {
  name: string;
  validate: (s: string) => string[];
  maxRegexSize: number;
}

/** Kubernetes' ConstantFormats (format.go), by the name `format.named()` takes. */
export const CONSTANT_FORMATS: ReadonlyMap<string, NamedFormat> = new Map([
  ['dns1123Label', { name: 'DNS1123Label', validate: (s: string) => nameIsDNSLabel(s, false), maxRegexSize: 30 }],
  ['dns1123Subdomain', { name: 'DNS1123Subdomain', validate: (s: string) => nameIsDNSSubdomain(s, false), maxRegexSize: 60 }],
  ['dns1035Label', { name: 'DNS1035Label', validate: (s: string) => isDNS1035Label(s), maxRegexSize: 30 }],
  ['qualifiedName', { name: 'QualifiedName', validate: isQualifiedName, maxRegexSize: 60 }],
  ['dns1123LabelPrefix', { name: 'DNS1123LabelPrefix', validate: (s: string) => nameIsDNSLabel(s, true), maxRegexSize: 30 }],
  ['dns1123SubdomainPrefix', { name: 'DNS1123SubdomainPrefix', validate: (s: string) => nameIsDNSSubdomain(s, true), maxRegexSize: 60 }],
  ['dns1035LabelPrefix', { name: 'DNS1035LabelPrefix', validate: (s: string) => isDNS1035Label(maskTrailingDash(s)), maxRegexSize: 30 }],
  ['labelValue', { name: 'LabelValue', validate: isValidLabelValue, maxRegexSize: 40 }],
  ['uri', { name: 'URI', validate: (s: string) => { const r = parseRequestURI(s); return isRefusal(r) ? [urlErrorText(r)] : []; }, maxRegexSize: 1103 }],
  ['uuid', { name: 'uuid', validate: (s: string) => (UUID.test(s) ? [] : ['does not match the UUID format']), maxRegexSize: UUID_PATTERN.length }],
  ['byte', { name: 'byte', validate: (s: string) => (isBase64(s) ? [] : ['invalid base64']), maxRegexSize: 84 }],
  ['date', { name: 'date', validate: (s: string) => (isCalendarDate(s) ? [] : ['invalid date']), maxRegexSize: DATE_TIME_PATTERN.length }],
  ['datetime', { name: 'datetime', validate: (s: string) => (isDateTime(s) ? [] : ['invalid datetime']), maxRegexSize: DATE_TIME_PATTERN.length }],
]);

export class FormatObject extends CelObject {
  readonly type = FORMAT_TYPE;
  constructor(readonly format: NamedFormat) {
    super();
  }
  equals(other: CelValue): boolean {
    return other instanceof FormatObject && other.format.name === this.format.name;
  }
}

function validate(format: CelValue | undefined, s: CelValue | undefined): Result {
  const problems = (format as FormatObject).format.validate(s as string);
  return problems.length ? new CelOptional(problems) : CelOptional.NONE;
}

export const formatLibrary: Library = {
  name: 'kubernetes.format',
  types: [FORMAT_TYPE],
  functions: [
    fn('validate', member('format-validate', [FORMAT_TYPE, STRING], optionalOf(listOf(STRING)), ([f, s]) => validate(f, s))),
    fn('format.named', global('format-named', [STRING], optionalOf(FORMAT_TYPE), ([name]) => {
      const format = CONSTANT_FORMATS.get(name as string);
      return format ? new CelOptional(new FormatObject(format)) : CelOptional.NONE;
    })),
    ...[...CONSTANT_FORMATS].map(([name, format]) => fn(`format.${name}`, global(`format.${name}`, [], FORMAT_TYPE, () => new FormatObject(format)))),
  ],
};
