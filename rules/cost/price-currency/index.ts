import { defineRule, displayPath, isCurrencyCode, ISO_4217_WITHDRAWN } from '../../api.js';
import { COST_SETTINGS } from '../shared.js';

const rule = defineRule({
  meta: {
    id: 'cost/price-currency',
    description: 'Require the cost-control price currency to be an ISO 4217 code in current use, in upper case',
    severity: 'error',
    sources: ['spec', 'upstream'],
    kinds: ['Config'],
  },
  messages: {
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
  },
  given: { path: [...COST_SETTINGS, 'priceCurrency'], type: 'string' },
  check(currency, ctx, { path }) {
    if (isCurrencyCode(currency)) return;
    const field = displayPath(path);
    const upper = currency.trim().toUpperCase();
    const replacement = ISO_4217_WITHDRAWN.get(upper);
    if (replacement !== undefined) {
      const instead = replacement ? `Write its successor "${replacement}".` : 'Write the code of the currency now in use.';
      ctx.report({ messageId: 'currencyWithdrawn', path, data: { field, value: currency, instead } });
    } else if (isCurrencyCode(upper)) {
      ctx.report({
        messageId: 'currencyCase',
        path,
        data: { field, value: currency, code: upper },
        suggestions: [{ description: `Write "${upper}"`, fix: { op: 'set-scalar', path, value: upper } }],
      });
    } else {
      ctx.report({ messageId: 'currencyInvalid', path, data: { field, value: currency } });
    }
  },
});

export default rule;
