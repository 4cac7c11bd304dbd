/**
 * Value-format checkers shared by all rules. Each function is pure and
 * mirrors the upstream implementation named in its module's doc comment.
 */
export * from "./k8s-names.js";
export * from "./time.js";
export * from "./regex.js";
export * from "./email.js";
export * from "./url.js";
export { IPV4_PATTERN, IPV6_PATTERN } from "./ip.js";
export { firstUnprintable, goTrim, goTrimRight } from "./go-text.js";
export * from "./quantity.js";
export * from "./quantity-values.js";
export * from "./duration.js";
export * from "./http-header.js";
export * from "./css-color.js";
export * from "./currency.js";
export * from "./uuid.js";
export * from "./pem.js";
export * from "./env-reference.js";
