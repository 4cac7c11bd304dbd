import { type DataPath, defineRule, displayPath, getIn, isCurrencyCode, ISO_4217_WITHDRAWN, parseRetention, recordAt } from '../../api.js';

const COST: DataPath = ['status', 'costControl'];
const SETTINGS: DataPath = [...COST, 'settings'];

const PRICE_PATHS: readonly DataPath[] = [
  [...SETTINGS, 'averageCPUPricePerNode', 'price'],
  [...SETTINGS, 'averageRAMPricePerNode', 'price'],
  [...SETTINGS, 'controlPlanePricePerCluster', 'price'],
  [...SETTINGS, 'gpuSettings', 'averageGPUPrice', 'price'],
];

const RETENTION_PATHS: readonly DataPath[] = [
  [...COST, 'global', 'metrics', 'retention'],
  [...COST, 'cluster', 'metrics', 'retention'],
];

/** Every `replicas` of the cost-control components and the image builder. */
const REPLICAS_PATHS: readonly DataPath[] = [
  [...COST, 'global', 'metrics', 'replicas'],
  [...COST, 'cluster', 'metrics', 'replicas'],
  [...COST, 'cluster', 'opencost', 'replicas'],
  ['status', 'imageBuilder', 'replicas'],
];

const rule = defineRule({
  meta: {
    id: 'cost/prices-currency-retention-replicas',
    description: 'Require non-negative prices and replicas, an ISO 4217 currency and valid metrics retentions in cost control',
    severity: 'error',
    sources: ['spec', 'upstream'],
    kinds: ['Config'],
  },
  messages: {
    negativePrice: {
      text: '{{field}} is {{value}}, a negative price: the ROI dashboard would compute negative costs and savings.',
      note: 'Write 0 or a positive price.',
    },
    currencyInvalid: {
      text: '{{field}} is "{{value}}", not an ISO 4217 currency code: the ROI dashboard cannot format prices in it.',
      note: 'Write a three-letter code such as USD, EUR or JPY.',
    },
    currencyCase: {
      text: '{{field}} is "{{value}}", not in upper case.',
      note: 'ISO 4217 codes are written in upper case, and a consumer comparing codes exactly does not recognise another case. Write "{{code}}".',
      severity: 'warning',
    },
    currencyWithdrawn: {
      text: '{{field}} is "{{value}}", an ISO 4217 code that has been withdrawn: current software may not know it.',
      note: '{{instead}}',
    },
    retentionInvalid: {
      text: '{{field}} is "{{value}}", not a retention duration: the metrics backend refuses to start with it.',
      note: 'Write a number with a unit, biggest unit first and each at most once: "1y", "30d", "12h", "1w3d" (units y, w, d, h, m, s, ms; no fractions), or leave it out for the default 1y. The parser says: {{reason}}.',
    },
    negativeReplicas: {
      text: '{{field}} is {{value}}, a negative replica count: Kubernetes rejects the deployment of this component.',
      note: 'Write 0 to run no replica, or a positive count.',
    },
  },
  check(doc, ctx) {
    if (!recordAt(doc.data, ['status'])) return;

    for (const path of PRICE_PATHS) {
      const price = getIn(doc.data, path);
      if (typeof price === 'number' && price < 0) {
        ctx.report({ messageId: 'negativePrice', path, data: { field: displayPath(path), value: ctx.facts.scalar(path)?.source ?? String(price) } });
      }
    }

    const currencyPath: DataPath = [...SETTINGS, 'priceCurrency'];
    const currency = getIn(doc.data, currencyPath);
    if (typeof currency === 'string' && currency !== '' && !isCurrencyCode(currency)) {
      const field = displayPath(currencyPath);
      const upper = currency.trim().toUpperCase();
      const replacement = ISO_4217_WITHDRAWN.get(upper);
      if (replacement !== undefined) {
        const instead = replacement ? `Write its successor "${replacement}".` : 'Write the code of the currency now in use.';
        ctx.report({ messageId: 'currencyWithdrawn', path: currencyPath, data: { field, value: currency, instead } });
      } else if (isCurrencyCode(upper)) {
        ctx.report({
          messageId: 'currencyCase',
          path: currencyPath,
          data: { field, value: currency, code: upper },
          suggestions: [{ description: `Write "${upper}"`, fix: { op: 'set-scalar', path: currencyPath, value: upper } }],
        });
      } else {
        ctx.report({ messageId: 'currencyInvalid', path: currencyPath, data: { field, value: currency } });
      }
    }

    for (const path of RETENTION_PATHS) {
      const retention = getIn(doc.data, path);
      // An empty retention is left to the platform's default (1y).
      if (typeof retention !== 'string' || retention === '') continue;
      const parsed = parseRetention(retention);
      if (!parsed.ok) ctx.report({ messageId: 'retentionInvalid', path, data: { field: displayPath(path), value: retention, reason: parsed.reason } });
    }

    for (const path of REPLICAS_PATHS) {
      const replicas = getIn(doc.data, path);
      if (typeof replicas === 'number' && replicas < 0) {
        ctx.report({ messageId: 'negativeReplicas', path, data: { field: displayPath(path), value: ctx.facts.scalar(path)?.source ?? String(replicas) } });
      }
    }
  },
});

export default rule;
