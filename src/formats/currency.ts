/** ISO 4217 currency codes, current and recently withdrawn. */

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
