/**
 * What of cel-spec's conformance suite does not run as written, by name and with its reason: the cases Kubernetes'
 * CEL cannot express (EXCLUDED, not run), and the cases where cel-go with Kubernetes' settings gives another result
 * than the file expects (DEVIATIONS: run, and held to cel-go's result). Names are "file/section/case", "file/section"
 * or "file", the file by its own `name` field, as cel-go's conformance runner names them. The test fails on a name
 * that matches nothing, so the lists cannot go stale.
 */
import type { TypeJson, ValueJson } from './suite.js';

export interface Exclusion {
  /** A few words for the counts. */
  label: string;
  reason: string;
  names: readonly string[];
}

const PROTOBUF =
  "protocol buffer messages, enums and wrapper types (TestAllTypes, google.protobuf.Any, Struct, Value, Int32Value...): Kubernetes' CEL declares no message type";

export const EXCLUDED: readonly Exclusion[] = [
  { label: 'protocol buffers', reason: PROTOBUF, names: ['proto2', 'proto2_ext', 'proto3', 'enums', 'wrappers', 'dynamic', 'comparisons/eq_wrapper'] },
  {
    label: 'protocol buffers',
    reason: PROTOBUF,
    names: [
      ...['eq_dyn_json_null', 'not_eq_dyn_proto2_msg_null', 'not_eq_dyn_proto3_msg_null'].map((c) => `comparisons/eq_literal/${c}`),
      ...['ne_proto2', 'ne_proto3', 'ne_proto2_missing_fields_neq', 'ne_proto3_missing_fields_neq', 'ne_proto_nan_not_equal', 'ne_proto_different_types']
        .concat(['ne_proto2_any_unpack', 'ne_proto2_any_unpack_bytewise_fallback', 'ne_proto3_any_unpack', 'ne_proto3_any_unpack_bytewise_fallback'])
        .map((c) => `comparisons/ne_literal/${c}`),
      ...['struct_map_optindex_field', 'struct_optional_ofNonZeroValue_map_optindex_field', 'struct_map_optindex_field_nested', 'struct_list_optindex_field']
        .concat(['has_optional_ofNonZeroValue_struct_optional_ofNonZeroValue_map_optindex_field', 'optional_ofNonZeroValue_struct_optional_ofNonZeroValue_map_optindex_field'])
        .concat(['empty_struct_optindex_hasValue', 'optional_empty_struct_optindex_hasValue', 'struct_optindex_value', 'optional_struct_optindex_value', 'optional_struct_optindex_index_value'])
        .map((c) => `optionals/optionals/${c}`),
      'parse/nest/message_literal',
      'parse/repeat/message_literal',
      'parse/repeat/select',
      'parse/whitespace',
      'parse/comments',
      'parse/struct_field_names',
      ...['object not allowed', 'object inside list', 'object inside map'].map((c) => `string_ext/format_errors/${c}`),
      'type_deductions/complex_initializers/struct',
      'type_deductions/field_access',
      'type_deductions/wrappers',
      ...['comprehension_type_var_aliasing', 'overload_type_var_aliasing', 'list_parameters_do_not_unify'].map((c) => `type_deductions/flexible_type_parameter_assignment/${c}`),
      ...['message', 'duration', 'timestamp'].map((t) => `type_deductions/legacy_nullable_types/null_assignable_to_${t}_parameter_candidate`),
    ],
  },
  { label: 'ext.Bindings', reason: 'cel.bind (ext.Bindings): not in Kubernetes\' environment (k8s.io/apiserver pkg/cel/environment/base.go)', names: ['bindings_ext'] },
  { label: 'cel.@block', reason: 'cel.@block, a test-only library of cel-go\'s conformance runner: not in Kubernetes\' environment', names: ['block_ext'] },
  { label: 'ext.Encoders', reason: 'base64 encoders (ext.Encoders): not in Kubernetes\' environment', names: ['encoders_ext'] },
  { label: 'ext.Math', reason: 'math functions (ext.Math): not in Kubernetes\' environment', names: ['math_ext'] },
  { label: 'strings version 3', reason: "strings extension version 3 (reverse): Kubernetes enables version 2 (base.go ext.StringsVersion(2))", names: ['string_ext/reverse'] },
  {
    label: 'containers',
    reason: "resolved in a container (cel.Container), whose names the case's result depends on: Kubernetes compiles with none",
    names: ['namespace/namespace', 'namespace/namespace_shadowing/basic'],
  },
];

/** What cel-go gives instead of the file's expectation. */
export type Expected = { value: ValueJson } | { evalError: string } | { compileError: string } | { deducedType: TypeJson };

export interface Deviation {
  reason: string;
  cases: Readonly<Record<string, Expected>>;
}

const TRUE = { value: { bool_value: true } };
const FALSE = { value: { bool_value: false } };
const text = (s: string): Expected => ({ value: { string_value: s } });
/** A format clause refusing an argument of the type (formatting.go decimalFormatError and its kin). */
const refused = (clause: string, accepts: string, given: string): Expected => ({ evalError: `error during formatting: ${clause} clause can only be used on ${accepts}, was given ${given}` });

export const DEVIATIONS: readonly Deviation[] = [
  {
    reason:
      "cel-go does not meet these (conformance/BUILD.bazel _TESTS_TO_SKIP): a map literal takes keys of any type and keeps the last of repeated keys (interpreter.go evalMap), a duration's getMilliseconds() is the whole duration in milliseconds, indexOf and lastIndexOf past the end are -1, and a list of optional(int) and null is list(null) (checker/types.go mostGeneral)",
    cases: {
      'fields/qualified_identifier_resolution/map_key_float': { value: { int64_value: '5' } },
      'fields/qualified_identifier_resolution/map_key_null': FALSE,
      'fields/qualified_identifier_resolution/map_value_repeat_key': { value: { int64_value: '3' } },
      'fields/qualified_identifier_resolution/map_value_repeat_key_heterogeneous': { value: { int64_value: '1' } },
      'timestamps/duration_converters/get_milliseconds': { value: { int64_value: '123321' } },
      'string_ext/value_errors/indexof_out_of_range': TRUE,
      'string_ext/value_errors/lastindexof_out_of_range': TRUE,
      'type_deductions/legacy_nullable_types/null_assignable_to_abstract_parameter_candidate': { deducedType: { null: 'NULL_VALUE' } },
    },
  },
  {
    reason:
      "cel-go's conformance environment sets cel.EnableErrorOnBadPresenceTest, Kubernetes does not: a field of a value that is no map, selected optionally, is optional.none() (attributes.go refQualify)",
    cases: { 'optionals/optionals/map_null_entry_no_such_key': FALSE, 'optionals/optionals/map_present_key_invalid_field': FALSE },
  },
  {
    reason:
      "the file specifies cel-go's network extension; Kubernetes has its own ip and cidr libraries (k8s.io/apiserver pkg/cel/library/ip.go, cidr.go), which type-check isIP's argument as a string and refuse IPv4-mapped IPv6 addresses (ip_test.go)",
    cases: {
      'network_ext/ip_type/is_ip_cidr_compile_error': { compileError: "found no matching overload for 'isIP' applied to '(net.CIDR)'" },
      'network_ext/ipv4/ipv4_equals_ipv6': { evalError: 'IPv4-mapped IPv6 address "::ffff:c0a8:1" is not allowed' },
      'network_ext/ipv4/ipv4_not_equals_ipv6': { evalError: 'IPv4-mapped IPv6 address "::ffff:c0a8:1" is not allowed' },
    },
  },
  {
    reason: `the file expects format() of strings version 4 (cel-go ext/formatting_v2.go); Kubernetes' version 2 formats with ext/formatting.go: golang.org/x/text's printer for %f and %e (∞, and %e always as "d.dddddd×10ⁿⁿ" at the newest Kubernetes, whose x/text writes no spaces around ×, padded with spaces to the width of 6, which cel-go passes as "%6e"), only doubles for %f and %e, only integers for %d, lists and maps written as CEL literals ("key":value)`,
    cases: {
      'string_ext/format/scientific notation formatting clause': text('1.052033×10⁰³'),
      'string_ext/format/scientific notation formatting clause in a string variable': text('1.052033×10⁰³'),
      'string_ext/format/default precision for scientific notation': text('2.718280×10⁰⁰'),
      'string_ext/format/dyntype support for scientific notation': text('2.718280×10⁰⁰'),
      'string_ext/format/default precision for fixed-point clause with int': refused('fixed-point', 'doubles', 'int'),
      'string_ext/format/default precision for fixed-point clause with uint': refused('fixed-point', 'doubles', 'uint'),
      'string_ext/format/default precision for scientific notation with int': refused('scientific', 'doubles', 'int'),
      'string_ext/format/default precision for scientific notation with uint': refused('scientific', 'doubles', 'uint'),
      'string_ext/format/NaN support for scientific notation': text('   NaN'),
      'string_ext/format/positive infinity support for scientific notation': text('     ∞'),
      'string_ext/format/negative infinity support for scientific notation': text('    -∞'),
      'string_ext/format/positive infinity support for fixed-point': text('∞'),
      'string_ext/format/negative infinity support for fixed-point': text('-∞'),
      'string_ext/format/NaN support for decimal': refused('decimal', 'integers', 'double'),
      'string_ext/format/positive infinity support for decimal': refused('decimal', 'integers', 'double'),
      'string_ext/format/negative infinity support for decimal': refused('decimal', 'integers', 'double'),
      'string_ext/format/list support for string': text('["abc", 3.140000, null, [9, 8, 7, 6], timestamp("2023-02-03T23:31:20Z")]'),
      'string_ext/format/map support for string': text('{"key1":b"xyz", "key2":duration("7200s"), "key3":2.718280, "key4":true, "key5":null}'),
      'string_ext/format/map support (all key types)': text('{1:"value1", 2:"value2", true:"NaN"}'),
      'string_ext/format/dyntype NaN/infinity support': text('["NaN", "+Inf", "-Inf"]'),
      'string_ext/format/dyntype support for lists': text('[6, 4.200000, "a string"]'),
      'string_ext/format/dyntype support for maps': text('{"strKey":"x", 6:duration("422s"), true:42}'),
    },
  },
];
