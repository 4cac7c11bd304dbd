import { type DataPath, defineRule, displayPath, getIn } from '../../api.js';

/** Every `storageClass` of a Config: the platform database and the cost-control metrics volumes. */
const STORAGE_CLASS_PATHS: readonly DataPath[] = [
  ['status', 'platformDB', 'storageClass'],
  ['status', 'costControl', 'global', 'metrics', 'storage', 'storageClass'],
  ['status', 'costControl', 'cluster', 'metrics', 'storage', 'storageClass'],
];

const rule = defineRule({
  meta: {
    id: 'storage/storage-class',
    description: 'Flag storage classes that disable dynamic provisioning ("-" or the empty string)',
    severity: 'info',
    sources: ['spec'],
    kinds: ['Config'],
  },
  messages: {
    disablesProvisioning: {
      text: '{{field}} is {{value}}, which disables dynamic provisioning.',
      note: 'No volume is created for the claim, and it stays Pending until an administrator creates a matching PersistentVolume by hand. To use the cluster\'s default storage class, remove the field (or set it to null); otherwise name a storage class, e.g. "gp3".',
    },
  },
  check(doc, ctx) {
    for (const path of STORAGE_CLASS_PATHS) {
      const value = getIn(doc.data, path);
      if (value !== '-' && value !== '') continue;
      ctx.report({ messageId: 'disablesProvisioning', path, data: { field: displayPath(path), value: value === '-' ? '"-"' : 'the empty string ""' } });
    }
  },
});

export default rule;
