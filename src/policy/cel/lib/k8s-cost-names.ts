/**
 * The functions Kubernetes' CostEstimator (k8s.io/apiserver pkg/cel/library/cost.go) prices the same way in its
 * runtime CallCost and its static EstimateCallCost.
 */

/** Cost 1, whatever the arguments: the authorizer's builders and decisions, IP and CIDR accessors, quantity, semver and URL methods. */
export const UNIT_COST_FUNCTIONS: ReadonlySet<string> = new Set([
  'serviceAccount', 'path', 'group', 'resource', 'subresource', 'namespace', 'name', 'allowed', 'reason', 'error', 'errored',
  'masked', 'prefixLength', 'family', 'isUnspecified', 'isLoopback', 'isLinkLocalMulticast', 'isLinkLocalUnicast', 'isGlobalUnicast',
  'format.named',
  'sign', 'asInteger', 'isInteger', 'asApproximateFloat', 'isGreaterThan', 'isLessThan', 'compareTo', 'add', 'sub', 'major', 'minor', 'patch',
  'getScheme', 'getHostname', 'getHost', 'getPort', 'getEscapedPath', 'getQuery',
]);

/** Parsers of their string argument: its size times the string traversal factor. */
export const PARSE_COST_FUNCTIONS: ReadonlySet<string> = new Set(['cidr', 'isIP', 'isCIDR', 'quantity', 'isQuantity', 'semver', 'isSemver']);

/** List functions, one traversal of the list: isSorted, sum, min, max, indexOf, lastIndexOf, includes. */
export const TRAVERSAL_COST_FUNCTIONS: ReadonlySet<string> = new Set(['isSorted', 'sum', 'max', 'min', 'indexOf', 'lastIndexOf', 'includes']);
