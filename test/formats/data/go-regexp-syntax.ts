/**
 * Test tables copied from Go's regexp parser tests.
 *
 * Source: golang/go src/regexp/syntax/parse_test.go
 *   @ 0657e5d4a8a7f47fd9c7f2396c8d36e58c0d1d8a
 *
 * - `parseTests` (first column; parsed there with MatchNL|PerlX|UnicodeGroups,
 *   every entry is also valid under the Perl flags regexp.Compile uses),
 *   plus `foldcaseTests` and `matchnlTests` (same situation),
 * - `invalidRegexps` (must fail with Perl flags),
 * - `onlyPerl` (must succeed with Perl flags),
 * - `onlyPOSIX` (must FAIL with Perl flags).
 *
 * Dropped:
 * - invalidRegexps entries built from invalid UTF-8 bytes ("\xff", "[\xff]",
 *   "[\\\xff]", "\\\xff"): a JS string cannot hold invalid UTF-8. The nearest
 *   JS equivalent (an unpaired surrogate) is tested separately.
 * - `literalTests` (needs the Literal flag, not what regexp.Compile uses).
 *
 * Go raw strings (`...`) are written with String.raw; strings.Repeat(s, n)
 * as s.repeat(n).
 */
const r = String.raw;

export const parseTestsValid: readonly string[] = [
  // Base cases
  r`a`, r`a.`, r`a.b`, r`ab`, r`a.b.c`, r`abc`, r`a|^`, r`a|b`, r`(a)`, r`(a)|b`,
  r`a*`, r`a+`, r`a?`, r`a{2}`, r`a{2,3}`, r`a{2,}`, r`a*?`, r`a+?`, r`a??`,
  r`a{2}?`, r`a{2,3}?`, r`a{2,}?`,
  // Malformed { } are treated as literals.
  r`x{1001`, r`x{9876543210`, r`x{9876543210,`, r`x{2,1`, r`x{1,9876543210`,
  ``, r`|`, r`|x|`, r`.`, r`^`, r`$`, r`\|`, r`\(`, r`\)`, r`\*`, r`\+`, r`\?`,
  r`{`, r`}`, r`\.`, r`\^`, r`\$`, r`\\`, r`[ace]`, r`[abc]`, r`[a-z]`, r`[a]`,
  r`\-`, r`-`, r`\_`, r`abc`, r`abc|def`, r`abc|def|ghi`,
  // Posix and Perl extensions
  r`[[:lower:]]`, r`[a-z]`, r`[^[:lower:]]`, r`[[:^lower:]]`, r`(?i)[[:lower:]]`, r`(?i)[a-z]`,
  r`(?i)[^[:lower:]]`, r`(?i)[[:^lower:]]`, r`\d`, r`\D`, r`\s`, r`\S`, r`\w`, r`\W`,
  r`(?i)\w`, r`(?i)\W`, r`[^\\]`,
  // Unicode, negatives, and a double negative.
  r`\p{Braille}`, r`\P{Braille}`, r`\p{^Braille}`, r`\P{^Braille}`, r`\pZ`,
  r`[\p{Braille}]`, r`[\P{Braille}]`, r`[\p{^Braille}]`, r`[\P{^Braille}]`, r`[\pZ]`,
  r`\p{Lu}`, r`\p{Uppercase_Letter}`, r`\p{upper case-let ter}`, r`\p{__upper case-let ter}`,
  r`\p{Canadian_Aboriginal}`, r`[\p{Lu}]`, r`(?i)[\p{Lu}]`, r`\p{Any}`, r`\p{^Any}`,
  r`(?i)\p{ascii}`, r`\p{Assigned}`, r`\p{^Assigned}`,
  // Hex, octal.
  r`[\012-\234]\141`, r`[\x{41}-\x7a]\x61`,
  // More interesting regular expressions.
  r`a{,2}`, r`\.\^\$\\`, r`[a-zABC]`, r`[^a]`, r`[α-ε☺]`, r`a*{`,
  // Test precedences
  r`(?:ab)*`, r`(ab)*`, r`ab|cd`, r`a(b|c)d`,
  // Test flattening.
  r`(?:a)`, r`(?:ab)(?:cd)`, r`(?:a+b+)(?:c+d+)`, r`(?:a+|b+)|(?:c+|d+)`, r`(?:a|b)|(?:c|d)`,
  r`a|.`, r`.|a`, r`(?:[abc]|A|Z|hello|world)`, r`(?:[abc]|A|Z)`,
  // Test Perl quoted literals
  r`\Q+|*?{[\E`, r`\Q+\E+`, r`\Qab\E+`, r`\Q\\E`, r`\Q\\\E`,
  // Test Perl \A and \z
  r`(?m)^`, r`(?m)$`, r`(?-m)^`, r`(?-m)$`, r`(?m)\A`, r`(?m)\z`, r`(?-m)\A`, r`(?-m)\z`,
  // Test named captures
  r`(?P<name>a)`, r`(?<name>a)`,
  // Case-folded literals
  r`[Aa]`, r`[\x{100}\x{101}]`, r`[Δδ]`,
  // Strings
  r`abcde`, r`[Aa][Bb]cd`,
  // Factoring.
  r`abc|abd|aef|bcx|bcy`, r`ax+y|ax+z|ay+w`,
  // Bug fixes.
  r`(?:.)`, r`(?:x|(?:xa))`, r`(?:.|(?:.a))`, r`(?:A(?:A|a))`, r`(?:A|a)`, r`A|(?:A|a)`,
  r`(?s).`, r`(?-s).`, r`(?:(?:^).)`, r`(?-s)(?:(?:^).)`, r`[\s\S]a`,
  // RE2 prefix_tests
  r`abc|abd`, r`a(?:b)c|abd`, r`abc|abd|aef|bcx|bcy`, r`abc|x|abd`, r`(?i)abc|ABD`,
  r`[ab]c|[ab]d`, r`.c|.d`, r`x{2}|x{2}[0-9]`, r`x{2}y|x{2}[0-9]y`, r`a.*?c|a.*?b`,
  // Valid repetitions.
  r`((((((((((x{2}){2}){2}){2}){2}){2}){2}){2}){2}))`,
  r`((((((((((x{1}){2}){2}){2}){2}){2}){2}){2}){2}){2})`,
  r`(?:[a-z]{4}){0,250}`, // nested repeat product 4*250 = 1000, at the limit
  // Valid nesting.
  "(".repeat(999) + ")".repeat(999),
  "(?:".repeat(999) + ")*".repeat(999),
  "(" + "|".repeat(12345) + ")", // not nested at all
  // foldcaseTests (parsed with FoldCase there; valid with Perl flags too)
  r`AbCdE`, r`[Aa]`, r`a`, r`A[F-g]`, r`[[:upper:]]`, r`[[:lower:]]`,
  // matchnlTests / nomatchnlTests
  r`.`, "\n", r`[^a]`, r`[a\n]`,
];

export const invalidRegexps: readonly string[] = [
  r`(`, r`)`, r`(a`, r`a)`, r`(a))`, r`(a|b|`, r`a|b|)`, r`(a|b|))`, r`(a|b`, r`a|b)`, r`(a|b))`,
  r`[a-z`, r`([a-z)`, r`[a-z)`, r`([a-z]))`,
  r`x{1001}`, r`x{9876543210}`, r`x{2,1}`, r`x{1,9876543210}`,
  // (4 invalid-UTF-8 entries dropped, see header)
  r`(?P<name>a`, r`(?P<name>`, r`(?P<name`, r`(?P<x y>a)`, r`(?P<>a)`,
  r`(?<name>a`, r`(?<name>`, r`(?<name`, r`(?<x y>a)`, r`(?<>a)`,
  r`[a-Z]`, r`(?i)[a-Z]`, r`\Q\E*`,
  r`a{100000}`, // too much repetition
  r`a{100000,}`, // too much repetition
  "((((((((((x{2}){2}){2}){2}){2}){2}){2}){2}){2}){2})", // too much repetition
  r`(?:[a-z]{4}){0,251}`, // nested repeat product 4*251 > 1000
  "(".repeat(1000) + ")".repeat(1000), // too deep
  "(?:".repeat(1000) + ")*".repeat(1000), // too deep
  "(" + "(xx?)".repeat(1000) + "){1000}", // too long
  "(xx?){1000}".repeat(1000), // too long
  r`\pL`.repeat(27000), // too many runes
];

export const onlyPerl: readonly string[] = [
  r`[a-b-c]`, r`\Qabc\E`, r`\Q*+?{[\E`, r`\Q\\E`, r`\Q\\\E`, r`\Q\\\\E`, r`\Q\\\\\E`, r`(?:a)`, r`(?P<name>a)`,
];

export const onlyPOSIX: readonly string[] = ["a++", "a**", "a?*", "a+*", "a{1}*", ".{1}{2}.{3}"];
