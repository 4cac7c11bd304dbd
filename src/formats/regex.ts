/**
 * Go regular expressions (RE2 syntax as `regexp.Compile` parses it, i.e.
 * `syntax.Parse(expr, syntax.Perl)`), checked with re2js, a pure-JS port of
 * RE2/J. re2js implements the same parser (same limits: repeat counts <= 1000,
 * nesting depth < 1000, program size), so lookarounds, backreferences,
 * possessive quantifiers, `\Z`, `(?#...)` etc. are rejected exactly like Go.
 *
 * Differences between re2js and Go that this module papers over:
 *
 * - Unicode class names (`\p{...}`): Go 1.25 matches them loosely (case,
 *   `_`, `-` and spaces ignored: `\p{greek}`, `\p{Uppercase_Letter}`,
 *   `\p{upper case-let ter}`, `\p{ascii}`) and accepts only general
 *   categories, their Unicode aliases, scripts, `Any`, `Assigned`, `ASCII`.
 *   re2js matches exact names only and also accepts binary properties Go
 *   rejects (`\p{White_Space}`, `\p{Emoji}`...). We resolve the names the Go
 *   way first and hand re2js its own spelling. (Go before 1.25 was stricter
 *   about spelling; we follow the newest Go, which never causes a false alarm.)
 * - Invalid UTF-8: JS strings cannot hold it, but they can hold unpaired
 *   surrogates, which would be invalid UTF-8 after encoding: rejected.
 *
 * Patterns longer than {@link MAX_CHECKED_PATTERN_LENGTH} characters or with
 * more than {@link MAX_CHECKED_UNICODE_CLASSES} `\p` escapes are not compiled
 * (reported as an error) so that a lint run cannot stall on a pathological
 * value; Go would accept some of those.
 */
// re2js (260 kB) is loaded on the first pattern checked, since most lint runs check none: the CLI bundle loads its
// runtime dependencies on first use (src/build/lazy-dependencies.ts).
import { RE2JS } from "re2js";
import { memoizeByString } from "./memo.js";

export const MAX_CHECKED_PATTERN_LENGTH = 100_000;
/**
 * re2js needs time quadratic in the number of `\p{...}` escapes inside one
 * character class (a 5000-escape class takes seconds), so patterns with more
 * Unicode class escapes than this are reported instead of compiled. (Go's own
 * limit, "too many runes", is about 26000 `\pL`.)
 */
export const MAX_CHECKED_UNICODE_CLASSES = 2_000;

// Go's unicode.Categories (Go 1.25 adds LC and Cn).
const GO_CATEGORIES = [
  "C", "Cc", "Cf", "Cn", "Co", "Cs",
  "L", "LC", "Ll", "Lm", "Lo", "Lt", "Lu",
  "M", "Mc", "Me", "Mn",
  "N", "Nd", "Nl", "No",
  "P", "Pc", "Pd", "Pe", "Pf", "Pi", "Po", "Ps",
  "S", "Sc", "Sk", "Sm", "So",
  "Z", "Zl", "Zp", "Zs",
] as const;

// unicode.CategoryAliases (Unicode PropertyValueAliases.txt, gc).
const GO_CATEGORY_ALIASES: Readonly<Record<string, string>> = {
  Cased_Letter: "LC",
  Close_Punctuation: "Pe",
  Combining_Mark: "M",
  Connector_Punctuation: "Pc",
  Control: "Cc",
  Currency_Symbol: "Sc",
  Dash_Punctuation: "Pd",
  Decimal_Number: "Nd",
  Enclosing_Mark: "Me",
  Final_Punctuation: "Pf",
  Format: "Cf",
  Initial_Punctuation: "Pi",
  Letter: "L",
  Letter_Number: "Nl",
  Line_Separator: "Zl",
  Lowercase_Letter: "Ll",
  Mark: "M",
  Math_Symbol: "Sm",
  Modifier_Letter: "Lm",
  Modifier_Symbol: "Sk",
  Nonspacing_Mark: "Mn",
  Number: "N",
  Open_Punctuation: "Ps",
  Other: "C",
  Other_Letter: "Lo",
  Other_Number: "No",
  Other_Punctuation: "Po",
  Other_Symbol: "So",
  Paragraph_Separator: "Zp",
  Private_Use: "Co",
  Punctuation: "P",
  Separator: "Z",
  Space_Separator: "Zs",
  Spacing_Mark: "Mc",
  Surrogate: "Cs",
  Symbol: "S",
  Titlecase_Letter: "Lt",
  Unassigned: "Cn",
  Uppercase_Letter: "Lu",
  cntrl: "Cc",
  digit: "Nd",
  punct: "P",
};

// Script names known to re2js 2.10 (Unicode scripts; Go's unicode.Scripts is
// the same set for the Unicode version it ships, possibly a few fewer).
const SCRIPTS = (
  "Adlam Ahom Anatolian_Hieroglyphs Arabic Armenian Avestan Balinese Bamum Bassa_Vah Batak Bengali Beria_Erfe " +
  "Bhaiksuki Bopomofo Brahmi Braille Buginese Buhid Canadian_Aboriginal Carian Caucasian_Albanian Chakma Cham " +
  "Cherokee Chorasmian Common Coptic Cuneiform Cypriot Cypro_Minoan Cyrillic Deseret Devanagari Dives_Akuru Dogra " +
  "Duployan Egyptian_Hieroglyphs Elbasan Elymaic Ethiopic Garay Georgian Glagolitic Gothic Grantha Greek Gujarati " +
  "Gunjala_Gondi Gurmukhi Gurung_Khema Han Hangul Hanifi_Rohingya Hanunoo Hatran Hebrew Hiragana Imperial_Aramaic " +
  "Inherited Inscriptional_Pahlavi Inscriptional_Parthian Javanese Kaithi Kannada Katakana Kawi Kayah_Li " +
  "Kharoshthi Khitan_Small_Script Khmer Khojki Khudawadi Kirat_Rai Lao Latin Lepcha Limbu Linear_A Linear_B Lisu " +
  "Lycian Lydian Mahajani Makasar Malayalam Mandaic Manichaean Marchen Masaram_Gondi Medefaidrin Meetei_Mayek " +
  "Mende_Kikakui Meroitic_Cursive Meroitic_Hieroglyphs Miao Modi Mongolian Mro Multani Myanmar Nabataean " +
  "Nag_Mundari Nandinagari New_Tai_Lue Newa Nko Nushu Nyiakeng_Puachue_Hmong Ogham Ol_Chiki Ol_Onal Old_Hungarian " +
  "Old_Italic Old_North_Arabian Old_Permic Old_Persian Old_Sogdian Old_South_Arabian Old_Turkic Old_Uyghur Oriya " +
  "Osage Osmanya Pahawh_Hmong Palmyrene Pau_Cin_Hau Phags_Pa Phoenician Psalter_Pahlavi Rejang Runic Samaritan " +
  "Saurashtra Sharada Shavian Siddham Sidetic SignWriting Sinhala Sogdian Sora_Sompeng Soyombo Sundanese Sunuwar " +
  "Syloti_Nagri Syriac Tagalog Tagbanwa Tai_Le Tai_Tham Tai_Viet Tai_Yo Takri Tamil Tangsa Tangut Telugu Thaana " +
  "Thai Tibetan Tifinagh Tirhuta Todhri Tolong_Siki Toto Tulu_Tigalari Ugaritic Unknown Vai Vithkuqi Wancho " +
  "Warang_Citi Yezidi Yi Zanabazar_Square"
).split(" ");

/**
 * Go's `canonicalName` (regexp/syntax, Go 1.25): drop `_`, `-` and spaces,
 * upper-case the first letter, lower-case the rest (ASCII only).
 */
export function goCanonicalClassName(name: string): string {
  let out = "";
  let first = true;
  for (const ch of name) {
    if (ch === "_" || ch === "-" || ch === " ") continue;
    if (first) {
      out += ch >= "a" && ch <= "z" ? ch.toUpperCase() : ch;
      first = false;
    } else {
      out += ch >= "A" && ch <= "Z" ? ch.toLowerCase() : ch;
    }
  }
  return out;
}

/** canonical Go name -> the spelling re2js accepts. */
const CLASS_NAMES: ReadonlyMap<string, string> = (() => {
  const m = new Map<string, string>();
  const add = (goName: string, re2jsName: string): void => {
    const k = goCanonicalClassName(goName);
    if (!m.has(k)) m.set(k, re2jsName);
  };
  add("Any", "Any");
  add("Assigned", "Assigned");
  add("ASCII", "Ascii");
  for (const c of GO_CATEGORIES) add(c, c);
  for (const s of SCRIPTS) add(s, s);
  for (const [alias, cat] of Object.entries(GO_CATEGORY_ALIASES)) add(alias, cat);
  return m;
})();

/** The re2js spelling of a Go Unicode class name, or null if Go rejects it. */
export function resolveUnicodeClassName(name: string): string | null {
  return CLASS_NAMES.get(goCanonicalClassName(name)) ?? null;
}

function isHighSurrogate(c: number): boolean {
  return c >= 0xd800 && c <= 0xdbff;
}
function isLowSurrogate(c: number): boolean {
  return c >= 0xdc00 && c <= 0xdfff;
}

/** Index of the first unpaired surrogate, or -1. */
function unpairedSurrogateIndex(s: string): number {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (isHighSurrogate(c)) {
      if (i + 1 < s.length && isLowSurrogate(s.charCodeAt(i + 1))) {
        i++;
        continue;
      }
      return i;
    }
    if (isLowSurrogate(c)) return i;
  }
  return -1;
}

/**
 * Rewrite `\p{...}` / `\P{...}` / `\pX` escapes to the names re2js knows,
 * following Go's lexical structure (escapes, `\Q...\E` outside classes,
 * `[:name:]` inside classes). Returns an error text for a name Go rejects.
 */
function rewriteUnicodeClasses(p: string): { pattern: string } | { error: string } {
  let out = "";
  let i = 0;
  let inClass = false;
  const n = p.length;
  while (i < n) {
    const c = p[i] as string;
    if (c === "\\") {
      if (i + 1 >= n) {
        out += c;
        i++;
        continue;
      }
      const next = p[i + 1] as string;
      if (!inClass && next === "Q") {
        const j = p.indexOf("\\E", i + 2);
        const end = j < 0 ? n : j + 2;
        out += p.slice(i, end);
        i = end;
        continue;
      }
      if (next === "p" || next === "P") {
        let name: string;
        let seqEnd: number;
        if (p[i + 2] === "{") {
          const close = p.indexOf("}", i + 3);
          if (close < 0) {
            out += p.slice(i); // re2js reports the missing brace
            break;
          }
          name = p.slice(i + 3, close);
          seqEnd = close + 1;
        } else {
          if (i + 2 >= n) {
            out += p.slice(i);
            break;
          }
          const cp = p.codePointAt(i + 2) ?? 0;
          const w = cp > 0xffff ? 2 : 1;
          name = p.slice(i + 2, i + 2 + w);
          seqEnd = i + 2 + w;
        }
        const neg = name.startsWith("^");
        const bare = neg ? name.slice(1) : name;
        const resolved = resolveUnicodeClassName(bare);
        if (resolved === null) {
          return { error: `invalid character class range: \`${p.slice(i, seqEnd)}\`` };
        }
        out += `\\${next}{${neg ? "^" : ""}${resolved}}`;
        i = seqEnd;
        continue;
      }
      // Any other escape: copy the backslash and the escaped code point.
      const cp = p.codePointAt(i + 1) ?? 0;
      const w = cp > 0xffff ? 2 : 1;
      out += p.slice(i, i + 1 + w);
      i += 1 + w;
      continue;
    }
    if (inClass) {
      if (c === "[" && p[i + 1] === ":") {
        const j = p.indexOf(":]", i + 2);
        if (j >= 0) {
          out += p.slice(i, j + 2);
          i = j + 2;
          continue;
        }
      }
      if (c === "]") inClass = false;
      out += c;
      i++;
      continue;
    }
    if (c === "[") {
      inClass = true;
      out += c;
      i++;
      if (p[i] === "^") {
        out += "^";
        i++;
      }
      // A ']' right after '[' or '[^' is a literal.
      if (p[i] === "]") {
        out += "]";
        i++;
      }
      continue;
    }
    out += c;
    i++;
  }
  return { pattern: out };
}

function withHint(msg: string): string {
  if (/`\(\?[=!]/.test(msg)) return `${msg} (lookahead is not supported by Go's RE2 syntax)`;
  if (/`\(\?<[=!]/.test(msg)) return `${msg} (lookbehind is not supported by Go's RE2 syntax)`;
  if (/invalid escape sequence: `\\[1-9]`/.test(msg)) {
    return `${msg} (backreferences are not supported by Go's RE2 syntax)`;
  }
  if (/invalid nested repetition operator: `[*+?]\+`/.test(msg)) {
    return `${msg} (possessive quantifiers are not supported by Go's RE2 syntax)`;
  }
  return msg;
}

/**
 * Check `pattern` as Go's `regexp.Compile(pattern)` would. Returns null when
 * it compiles, else Go's error text without the `error parsing regexp: `
 * prefix (e.g. "invalid or unsupported Perl syntax: `(?=`"), sometimes with a
 * short hint. Never throws.
 */
export function checkGoRegex(pattern: string): string | null {
  return checkGoRegexMemo(pattern);
}

const checkGoRegexMemo = memoizeByString(checkGoRegexUncached);

function checkGoRegexUncached(pattern: string): string | null {
  // Outside the try: an install without re2js is platlint's failure (the engine reports it as one), not the pattern's.
  // The CLI bundle loads re2js here, on the first pattern.
  const compiler = RE2JS;
  try {
    if (typeof pattern !== "string") return "not a string";
    if (pattern.length > MAX_CHECKED_PATTERN_LENGTH) {
      return `pattern too long to check (${pattern.length} characters; platlint checks at most ${MAX_CHECKED_PATTERN_LENGTH})`;
    }
    const bad = unpairedSurrogateIndex(pattern);
    if (bad >= 0) {
      const code = pattern.charCodeAt(bad).toString(16).toUpperCase();
      return `invalid UTF-8: unpaired surrogate U+${code} at offset ${bad}`;
    }
    const classes = pattern.match(/\\[pP]/g)?.length ?? 0;
    if (classes > MAX_CHECKED_UNICODE_CLASSES) {
      return `too many Unicode class escapes to check (${classes}; platlint checks at most ${MAX_CHECKED_UNICODE_CLASSES})`;
    }
    const rw = rewriteUnicodeClasses(pattern);
    if ("error" in rw) return rw.error;
    compiler.compile(rw.pattern);
    return null;
  } catch (e) {
    const raw = e instanceof Error ? e.message : String(e);
    const msg = raw.replace(/^error parsing regexp: /, "");
    if (e instanceof RangeError) return `could not be checked: ${msg}`;
    return withHint(msg);
  }
}

/** Convenience: `checkGoRegex(pattern) === null`. */
export function isGoRegex(pattern: string): boolean {
  return checkGoRegex(pattern) === null;
}
