import { compareQuantities, type DataPath, defineRule, displayPath, formatQuantityValue, isRecord, quantityFromYaml, type QuantityValue, recordAt, type RuleContext, writtenScalar } from '../../api.js';

/** Every compute `resources` object of a Config (spec: cost-control metrics and opencost, image builder). */
const RESOURCES_PATHS: readonly DataPath[] = [
  ['status', 'costControl', 'global', 'metrics', 'resources'],
  ['status', 'costControl', 'cluster', 'metrics', 'resources'],
  ['status', 'costControl', 'cluster', 'opencost', 'resources'],
  ['status', 'imageBuilder', 'resources'],
];

/** Volume sizes of the metrics infrastructure: quantities too (`storage.size: 50Gi`). */
const SIZE_PATHS: readonly DataPath[] = [
  ['status', 'costControl', 'global', 'metrics', 'storage', 'size'],
  ['status', 'costControl', 'cluster', 'metrics', 'storage', 'size'],
];

/** `6GB`, `512mb`, `1.5KiB`: a byte unit Kubernetes does not know; the suggestions drop the `B`. */
const BYTE_UNIT = /^\s*([+-]?(?:\d+(?:\.\d*)?|\.\d+))\s*([kKmMgGtTpPeE])(i?)[bB]\s*$/;

/** The value as written: strings quoted, numbers and booleans as in the source, collections by their kind. */
function asWritten(ctx: Context, path: DataPath, value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value);
  if (Array.isArray(value)) return 'a list';
  if (isRecord(value)) return 'a mapping';
  return writtenScalar(ctx.facts, path, value);
}

/**
 * Checks one quantity; returns its value when it is a usable (valid, non-negative) quantity. A volume size must
 * moreover be greater than zero (Kubernetes validates a claim's storage request so).
 */
function checkQuantity(ctx: Context, path: DataPath, value: unknown, isSize = false): QuantityValue | undefined {
  if (value === null || value === undefined) return undefined; // null decodes to an unset quantity
  const field = displayPath(path);
  const object = isSize ? 'volume claim' : 'pod';
  const parsed = quantityFromYaml(value);
  if (!parsed.ok) {
    const unit = typeof value === 'string' ? BYTE_UNIT.exec(value) : null;
    if (unit) {
      const [, number = '', prefix = ''] = unit;
      const upper = prefix === 'k' || prefix === 'K' ? 'K' : prefix.toUpperCase();
      ctx.report({
        messageId: 'byteUnit',
        path,
        data: { field, object, value: JSON.stringify(value), binary: `${number}${upper}i`, decimal: `${number}${upper === 'K' ? 'k' : upper}` },
      });
    } else {
      ctx.report({ messageId: 'invalid', path, data: { field, object, value: asWritten(ctx, path, value), reason: parsed.reason } });
    }
    return undefined;
  }
  if (parsed.value.num < 0n || (isSize && parsed.value.num === 0n && !parsed.digitless)) {
    const written = asWritten(ctx, path, value);
    if (isSize) ctx.report({ messageId: 'sizeNotPositive', path, data: { field, value: written } });
    else ctx.report({ messageId: 'negative', path, data: { field, object, value: written } });
    return undefined;
  }
  if (parsed.digitless) {
    // Reported once here; its value (0) is not compared with anything, so the mistake is not reported twice.
    ctx.report({ messageId: 'digitless', path, data: { field, value: JSON.stringify(value) } });
    return undefined;
  }
  return parsed.value;
}

function checkResources(ctx: Context, data: unknown, base: DataPath): void {
  const resources = recordAt(data, base);
  if (!resources) return;
  const values: Record<'limits' | 'requests', Map<string, { value: QuantityValue; path: DataPath; raw: unknown }>> = {
    limits: new Map(),
    requests: new Map(),
  };
  for (const kind of ['limits', 'requests'] as const) {
    const list = resources[kind];
    if (!isRecord(list)) continue;
    for (const [name, raw] of Object.entries(list)) {
      const path: DataPath = [...base, kind, name];
      const value = checkQuantity(ctx, path, raw);
      if (value) values[kind].set(name, { value, path, raw });
    }
  }
  for (const [name, request] of values.requests) {
    const limit = values.limits.get(name);
    if (!limit || compareQuantities(request.value, limit.value) <= 0) continue;
    ctx.report({
      messageId: 'requestAboveLimit',
      path: request.path,
      data: {
        field: displayPath(request.path),
        request: asWritten(ctx, request.path, request.raw),
        limitField: displayPath(limit.path),
        limit: asWritten(ctx, limit.path, limit.raw),
        requestValue: formatQuantityValue(request.value),
        limitValue: formatQuantityValue(limit.value),
      },
    });
  }
}

type Context = RuleContext<typeof rule.messages>;

const rule = defineRule({
  meta: {
    id: 'container-resources/quantities',
    description: 'Require Kubernetes quantities in resource limits and requests, and no request above its limit',
    severity: 'error',
    sources: ['spec', 'upstream'],
    kinds: ['Config'],
  },
  messages: {
    invalid: {
      text: '{{field}} is {{value}}, not a Kubernetes quantity.',
      note: 'Kubernetes rejects the {{object}} of this component. Write a number with an optional suffix: "500m" or "2" for CPU, "512Mi" or "1.5Gi" for memory (binary Ki, Mi, Gi, Ti, Pi, Ei; decimal k, M, G, T, P, E; or an exponent such as 1e3). The parser says: {{reason}}.',
    },
    byteUnit: {
      text: '{{field}} is {{value}}, not a Kubernetes quantity.',
      note: 'Quantities have no "B" (byte) unit, so Kubernetes rejects the {{object}} of this component. Write "{{binary}}" (1024-based) or "{{decimal}}" (1000-based).',
    },
    negative: {
      text: '{{field}} is {{value}}, a negative quantity.',
      note: 'Kubernetes requires resource quantities to be greater than or equal to 0 and rejects the {{object}} of this component. Write a positive amount, or remove the entry.',
    },
    digitless: {
      text: '{{field}} is {{value}}, which has no digits.',
      note: 'Kubernetes reads a suffix or sign alone as 0, which is surely not what was meant. Write the amount, e.g. "1Gi" or "500m".',
      severity: 'warning',
    },
    sizeNotPositive: {
      text: '{{field}} is {{value}}, not a size greater than zero.',
      note: 'A volume size must be greater than zero, and Kubernetes rejects a volume claim for less. Write a size such as "50Gi", or remove the field for the default.',
    },
    requestAboveLimit: {
      text: '{{field}} is {{request}}, more than its limit {{limit}}.',
      note: 'The limit is {{limitField}}; in base units {{requestValue}} > {{limitValue}}. Kubernetes rejects a container whose request exceeds its limit. Lower the request or raise the limit.',
    },
  },
  check(doc, ctx) {
    for (const base of RESOURCES_PATHS) checkResources(ctx, doc.data, base);
    for (const path of SIZE_PATHS) {
      const parent = recordAt(doc.data, path.slice(0, -1));
      const key = path[path.length - 1];
      const size = parent && typeof key === 'string' ? parent[key] : undefined;
      // An empty size is left to the platform's default volume size.
      if (size !== '') checkQuantity(ctx, path, size, true);
    }
  },
});

export default rule;
