/**
 * Test tables from Go's net/mail tests, reduced to bare addr-specs.
 *
 * Source: golang/go src/net/mail/message_test.go
 *   @ 022548cfe82915e5bf14ce7cb28f3ec651550662
 *   TestAddressParsingAndFormatting: the `tests` (should pass) and `badTests`
 *   (should fail) lists, written there as `<addr-spec>`; the angle brackets
 *   are stripped here because isEmail checks a bare addr-spec.
 *   TestAddressParsing: the "Bare address" row.
 *
 * Dropped: badTests `<"\t0"@0>`. That copy of the test predates Go's RFC 6532
 * rewrite of consumeQuotedString; current Go (isQtext(r) || isWSP(r)) accepts
 * a tab inside a quoted local part, and so do we.
 */

export const goodAddrSpecs: readonly string[] = [
  "jdoe@machine.example", // TestAddressParsing "Bare address"
  "Bob@example.com",
  "bob.bob@example.com",
  '".bob"@example.com',
  '" "@example.com',
  "some.mail-with-dash@example.com",
  '"dot.and space"@example.com',
  '"very.unusual.@.unusual.com"@example.com',
  "admin@mailserver1",
  "postmaster@localhost",
  "#!$%&'*+-/=?^_`{}|~@example.org",
  String.raw`"very.(),:;<>[]\".VERY.\"very@\\ \"very\".unusual"@strange.example.com`, // escaped quotes
  String.raw`"()<>[]:,;@\\\"!#$%&'*+-/=?^_{}| ~.a"@example.org`, // escaped backslashes
  String.raw`"Abc\\@def"@example.com`,
  String.raw`"Joe\\Blow"@example.com`,
  "test1/test2=test3@example.com",
  "def!xyz%abc@example.com",
  "_somename@example.com",
  "joe@uk",
  "~@example.com",
  '"..."@test.com',
  '"john..doe"@example.com',
  '"john.doe."@example.com',
  '".john.doe"@example.com',
  '"."@example.com',
  '".."@example.com',
  '"0:"@0',
];

export const badAddrSpecs: readonly string[] = [
  "Abc.example.com",
  "A@b@c@example.com",
  String.raw`a"b(c)d,e:f;g<h>i[j\k]l@example.com`,
  'just"not"right@example.com',
  String.raw`this is"not\allowed@example.com`,
  String.raw`this\ still\"not\\allowed@example.com`,
  "john..doe@example.com",
  "john.doe@example..com",
  "john.doe@example..com",
  "john.doe.@example.com",
  "john.doe.@.example.com",
  ".john.doe@example.com",
  "@example.com",
  ".@example.com",
  "test@.",
  " @example.com",
  '""test""blah""@example.com',
  '""@0',
];
