import { type DataPath, defineRule } from '../../api.js';
import { COST_SETTINGS, negativeNumbers } from '../shared.js';

const PRICE_PATHS: readonly DataPath[] = [
  [...COST_SETTINGS, 'averageCPUPricePerNode', 'price'],
  [...COST_SETTINGS, 'averageRAMPricePerNode', 'price'],
  [...COST_SETTINGS, 'controlPlanePricePerCluster', 'price'],
  [...COST_SETTINGS, 'gpuSettings', 'averageGPUPrice', 'price'],
];

const rule = defineRule({
  meta: {
    id: 'cost/prices',
    description: 'Disallow negative prices in the cost-control price settings',
    severity: 'error',
    sources: ['spec'],
    sections: ['status.costControl.settings'],
    kinds: ['Config'],
  },
  messages: {
    negativePrice: {
      text: '{{field}} is {{value}}, a negative price: the ROI dashboard would compute negative costs and savings.',
      note: 'Write 0 or a positive price.',
    },
  },
  check(doc, ctx) {
    for (const { path, ...data } of negativeNumbers(doc.data, ctx.facts, PRICE_PATHS)) ctx.report({ messageId: 'negativePrice', path, data });
  },
});

export default rule;
