import { type DataPath, defineRule } from '../../api.js';
import { COST_CONTROL, negativeNumbers } from '../shared.js';

/** Every `replicas` of the cost-control components, and the image builder's. */
const REPLICAS_PATHS: readonly DataPath[] = [
  [...COST_CONTROL, 'global', 'metrics', 'replicas'],
  [...COST_CONTROL, 'cluster', 'metrics', 'replicas'],
  [...COST_CONTROL, 'cluster', 'opencost', 'replicas'],
  ['status', 'imageBuilder', 'replicas'],
];

const rule = defineRule({
  meta: {
    id: 'cost/replicas',
    description: 'Disallow negative replica counts for the cost-control components and the image builder',
    severity: 'error',
    sources: ['spec', 'upstream'],
    sections: ['status.costControl', 'status.imageBuilder'],
    kinds: ['Config'],
  },
  messages: {
    negativeReplicas: {
      text: '{{field}} is {{value}}, a negative replica count: Kubernetes rejects the deployment of this component.',
      note: 'Write 0 to run no replica, or a positive count.',
    },
  },
  check(doc, ctx) {
    for (const { path, ...data } of negativeNumbers(doc.data, ctx.facts, REPLICAS_PATHS)) ctx.report({ messageId: 'negativeReplicas', path, data });
  },
});

export default rule;
