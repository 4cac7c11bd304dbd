/**
 * Small value formats: HTTP tokens, CSS colors, ISO 4217 currency codes,
 * UUIDs, environment variable references; Go base64 and PEM are in pem.ts.
 */
export { checkSamlCaData, goBase64Decode, isBase64, isPemCertificateBase64, pemDecodeAll, type PemBlock } from "./pem.js";

// ---------------------------------------------------------------------------
// HTTP
// ---------------------------------------------------------------------------

/**
 * RFC 7230 `token` (1*tchar): what Go's `httpguts.ValidHeaderFieldName`
 * accepts for a header name. tchar = ALPHA / DIGIT /
 * "!" / "#" / "$" / "%" / "&" / "'" / "*" / "+" / "-" / "." / "^" / "_" / "`" / "|" / "~".
 */
export function isHttpToken(s: string): boolean {
  return typeof s === "string" && /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/.test(s);
}

/** The value contains a carriage return or a line feed (header injection). */
export function hasCRLF(s: string): boolean {
  return typeof s === "string" && /[\r\n]/.test(s);
}

/**
 * Go's `httpguts.ValidHeaderFieldValue`: no control characters other than
 * horizontal tab (so no CR, LF, NUL, DEL).
 */
export function isHttpHeaderValue(s: string): boolean {
  // eslint-disable-next-line no-control-regex
  return typeof s === "string" && !/[\x00-\x08\x0a-\x1f\x7f]/.test(s);
}

// ---------------------------------------------------------------------------
// CSS colors
// ---------------------------------------------------------------------------

/** CSS Color 4 named colors (148, incl. rebeccapurple and the -grey spellings). */
export const CSS_NAMED_COLORS: ReadonlySet<string> = new Set(
  (
    "aliceblue antiquewhite aqua aquamarine azure beige bisque black blanchedalmond blue blueviolet brown " +
    "burlywood cadetblue chartreuse chocolate coral cornflowerblue cornsilk crimson cyan darkblue darkcyan " +
    "darkgoldenrod darkgray darkgreen darkgrey darkkhaki darkmagenta darkolivegreen darkorange darkorchid darkred " +
    "darksalmon darkseagreen darkslateblue darkslategray darkslategrey darkturquoise darkviolet deeppink " +
    "deepskyblue dimgray dimgrey dodgerblue firebrick floralwhite forestgreen fuchsia gainsboro ghostwhite gold " +
    "goldenrod gray green greenyellow grey honeydew hotpink indianred indigo ivory khaki lavender lavenderblush " +
    "lawngreen lemonchiffon lightblue lightcoral lightcyan lightgoldenrodyellow lightgray lightgreen lightgrey " +
    "lightpink lightsalmon lightseagreen lightskyblue lightslategray lightslategrey lightsteelblue lightyellow lime " +
    "limegreen linen magenta maroon mediumaquamarine mediumblue mediumorchid mediumpurple mediumseagreen " +
    "mediumslateblue mediumspringgreen mediumturquoise mediumvioletred midnightblue mintcream mistyrose moccasin " +
    "navajowhite navy oldlace olive olivedrab orange orangered orchid palegoldenrod palegreen paleturquoise " +
    "palevioletred papayawhip peachpuff peru pink plum powderblue purple rebeccapurple red rosybrown royalblue " +
    "saddlebrown salmon sandybrown seagreen seashell sienna silver skyblue slateblue slategray slategrey snow " +
    "springgreen steelblue tan teal thistle tomato turquoise violet wheat white whitesmoke yellow yellowgreen"
  ).split(" "),
);

/** CSS Color 4 system colors (also valid `<color>` values). */
export const CSS_SYSTEM_COLORS: ReadonlySet<string> = new Set(
  (
    "accentcolor accentcolortext activetext buttonborder buttonface buttontext canvas canvastext field " +
    "fieldtext graytext highlight highlighttext linktext mark marktext selecteditem selecteditemtext visitedtext"
  ).split(" "),
);

const NUM = "[+-]?(?:\\d+(?:\\.\\d+)?|\\.\\d+)(?:e[+-]?\\d+)?";
const RE_NUMBER = new RegExp(`^${NUM}$`);
const RE_PERCENT = new RegExp(`^${NUM}%$`);
const RE_ANGLE = new RegExp(`^${NUM}(?:deg|grad|rad|turn)$`);

type Kind = "number" | "percentage" | "angle" | "none";
function kindOf(tok: string): Kind | null {
  if (tok === "none") return "none";
  if (RE_NUMBER.test(tok)) return "number";
  if (RE_PERCENT.test(tok)) return "percentage";
  if (RE_ANGLE.test(tok)) return "angle";
  return null;
}

function isOneOf(tok: string, kinds: readonly Kind[]): boolean {
  const k = kindOf(tok);
  return k !== null && kinds.includes(k);
}

const COLOR_SPACES = new Set([
  "srgb", "srgb-linear", "display-p3", "a98-rgb", "prophoto-rgb", "rec2020", "xyz", "xyz-d50", "xyz-d65",
]);

/** Modern (space-separated) argument list: `a b c [/ alpha]`. */
function spaceArgs(body: string): { main: string[]; alpha: string | null } | null {
  const parts = body.split("/");
  if (parts.length > 2) return null;
  const main = (parts[0] ?? "").trim().split(/\s+/).filter((t) => t !== "");
  let alpha: string | null = null;
  if (parts.length === 2) {
    const a = (parts[1] ?? "").trim().split(/\s+/).filter((t) => t !== "");
    if (a.length !== 1) return null;
    alpha = a[0] ?? null;
  }
  return { main, alpha };
}

const NP: readonly Kind[] = ["number", "percentage"];
const NPN: readonly Kind[] = ["number", "percentage", "none"];

function isColorFunction(name: string, body: string): boolean {
  if (body.includes(",")) {
    // Legacy comma syntax: rgb(), rgba(), hsl(), hsla() only; no `none`, no `/`.
    if (!["rgb", "rgba", "hsl", "hsla"].includes(name)) return false;
    const args = body.split(",").map((a) => a.trim());
    if (args.length !== 3 && args.length !== 4) return false;
    if (args.some((a) => a === "" || /\s/.test(a))) return false;
    const [a0, a1, a2, a3] = args as [string, string, string, string | undefined];
    if (a3 !== undefined && !isOneOf(a3, NP)) return false;
    if (name.startsWith("rgb")) {
      const kinds = [a0, a1, a2].map(kindOf);
      return kinds.every((k) => k === "number") || kinds.every((k) => k === "percentage");
    }
    return isOneOf(a0, ["number", "angle"]) && isOneOf(a1, ["percentage"]) && isOneOf(a2, ["percentage"]);
  }
  const sa = spaceArgs(body);
  if (sa === null) return false;
  if (sa.alpha !== null && !isOneOf(sa.alpha, NPN)) return false;
  const m = sa.main;
  switch (name) {
    case "rgb":
    case "rgba":
      return m.length === 3 && m.every((t) => isOneOf(t, NPN));
    case "hsl":
    case "hsla":
    case "hwb":
      return m.length === 3 && isOneOf(m[0] ?? "", ["number", "angle", "none"]) && m.slice(1).every((t) => isOneOf(t, NPN));
    case "lab":
    case "oklab":
      return m.length === 3 && m.every((t) => isOneOf(t, NPN));
    case "lch":
    case "oklch":
      return (
        m.length === 3 &&
        isOneOf(m[0] ?? "", NPN) &&
        isOneOf(m[1] ?? "", NPN) &&
        isOneOf(m[2] ?? "", ["number", "angle", "none"])
      );
    case "color":
      return m.length === 4 && COLOR_SPACES.has(m[0] ?? "") && m.slice(1).every((t) => isOneOf(t, NPN));
    default:
      return false;
  }
}

/**
 * A CSS `<color>`: named colors, `transparent`, `currentcolor`, system colors
 * (case-insensitive); `#rgb`, `#rgba`, `#rrggbb`, `#rrggbbaa`;
 * `rgb()`/`rgba()`/`hsl()`/`hsla()` in both the legacy comma syntax (no
 * mixing numbers and percentages in rgb) and the space syntax with
 * `/ alpha`; and `hwb()`, `lab()`, `lch()`, `oklab()`, `oklch()`, `color()`
 * in space syntax. Out-of-range numbers are valid (CSS clamps them).
 * Not supported: relative colors (`rgb(from ...)`), `color-mix()`, `var()`.
 */
export function isCssColor(s: string): boolean {
  if (typeof s !== "string") return false;
  const v = s.trim().toLowerCase();
  if (v === "") return false;
  if (v === "transparent" || v === "currentcolor") return true;
  if (CSS_NAMED_COLORS.has(v) || CSS_SYSTEM_COLORS.has(v)) return true;
  if (v.startsWith("#")) return /^#(?:[0-9a-f]{3}|[0-9a-f]{4}|[0-9a-f]{6}|[0-9a-f]{8})$/.test(v);
  const m = /^([a-z]+)\(([^()]*)\)$/.exec(v);
  if (!m) return false;
  return isColorFunction(m[1] ?? "", m[2] ?? "");
}

// ---------------------------------------------------------------------------
// Currency codes
// ---------------------------------------------------------------------------

/**
 * ISO 4217 alphabetic codes in current use (ISO "List One", as of 2025:
 * includes XCG (Caribbean guilder, 2025), ZWG (2024), SLE, VED, and the fund
 * / precious-metal / testing codes).
 */
export const ISO_4217: ReadonlySet<string> = new Set(
  (
    "AED AFN ALL AMD AOA ARS AUD AWG AZN BAM BBD BDT BGN BHD BIF BMD BND BOB BOV BRL BSD BTN BWP BYN BZD " +
    "CAD CDF CHE CHF CHW CLF CLP CNY COP COU CRC CUP CVE CZK DJF DKK DOP DZD EGP ERN ETB EUR FJD FKP GBP GEL " +
    "GHS GIP GMD GNF GTQ GYD HKD HNL HTG HUF IDR ILS INR IQD IRR ISK JMD JOD JPY KES KGS KHR KMF KPW KRW KWD " +
    "KYD KZT LAK LBP LKR LRD LSL LYD MAD MDL MGA MKD MMK MNT MOP MRU MUR MVR MWK MXN MXV MYR MZN NAD NGN NIO " +
    "NOK NPR NZD OMR PAB PEN PGK PHP PKR PLN PYG QAR RON RSD RUB RWF SAR SBD SCR SDG SEK SGD SHP SLE SOS SRD " +
    "SSP STN SVC SYP SZL THB TJS TMT TND TOP TRY TTD TWD TZS UAH UGX USD USN UYI UYU UYW UZS VED VES VND VUV " +
    "WST XAF XAG XAU XBA XBB XBC XBD XCD XCG XDR XOF XPD XPF XPT XSU XTS XUA XXX YER ZAR ZMW ZWG"
  ).split(" "),
);

/**
 * Codes withdrawn recently enough that configs may still carry them (a rule
 * can say "withdrawn, use X"): ANG -> XCG (2025), CUC (2021), HRK -> EUR
 * (2023), SLL -> SLE, ZWL -> ZWG (2024), MRO -> MRU, STD -> STN, VEF -> VES,
 * BYR -> BYN, LTL/LVL -> EUR.
 */
export const ISO_4217_WITHDRAWN: ReadonlyMap<string, string | null> = new Map([
  ["ANG", "XCG"],
  ["CUC", null],
  ["HRK", "EUR"],
  ["SLL", "SLE"],
  ["ZWL", "ZWG"],
  ["MRO", "MRU"],
  ["STD", "STN"],
  ["VEF", "VES"],
  ["BYR", "BYN"],
  ["LTL", "EUR"],
  ["LVL", "EUR"],
]);

/** An active ISO 4217 code, upper case as the standard writes it. */
export function isCurrencyCode(s: string): boolean {
  return typeof s === "string" && ISO_4217.has(s);
}

// ---------------------------------------------------------------------------
// UUID
// ---------------------------------------------------------------------------

/** Canonical 8-4-4-4-12 hexadecimal UUID/GUID (any version, any case). */
export function isUUID(s: string): boolean {
  return typeof s === "string" && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(s);
}

// ---------------------------------------------------------------------------
// Environment references
// ---------------------------------------------------------------------------

/**
 * A whole-value environment variable reference used as a secret placeholder:
 * `$NAME` or `${NAME}` with NAME = `[A-Za-z_][A-Za-z0-9_]*`.
 */
export function isEnvReference(s: string): boolean {
  return typeof s === "string" && /^\$(?:[A-Za-z_][A-Za-z0-9_]*|\{[A-Za-z_][A-Za-z0-9_]*\})$/.test(s);
}
