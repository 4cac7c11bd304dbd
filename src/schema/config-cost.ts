/** JSON Schema of `Config` cost control: metrics, opencost, prices and the cost-control settings. */
import {
  arr,
  bool,
  int,
  num,
  obj,
  str,
  type JsonSchema,
} from './metadata.js';

/**
 * Values of resource `limits`/`requests`: Kubernetes quantities, written as a string (`500m`, `1Gi`) or a number
 * (`cpu: 1`). The schema leaves the value unconstrained on purpose: `type: [string, number]` is a union type that
 * ajv refuses under `strict: true` (without `allowUnionTypes`), and `anyOf` is banned. The `container-resources/quantities`
 * rule checks the values and says what a quantity looks like.
 */
function quantityMap(description: string): JsonSchema {
  return { type: 'object', description, additionalProperties: {} };
}

/** The compute `resources` object (cost-control metrics and opencost, image builder). */
export const resourceRequirementsSchema: JsonSchema = obj(
  'Compute resources.',
  {
    limits: quantityMap('Maximum compute resources, by resource name (for example `cpu: 1`, `memory: 1Gi`).'),
    requests: quantityMap(
      'Minimum compute resources. Default to limits if only limits are set. Cannot exceed limits.',
    ),
    claims: arr(
      'Resource claims of the pod this container uses.',
      obj(
        'A resource claim.',
        {
          name: str('Name of a resource claim of the pod.'),
          request: str('Request within the claim. Empty means the whole claim.'),
        },
        ['name'],
        'ResourceClaim',
      ),
    ),
  },
  [],
  'ResourceRequirements',
);

export const storageClass = str(
  'Storage class of the volume claim. `-` and the empty string disable dynamic provisioning; undefined or null uses the cluster default storage class.',
);

const metricsSchema: JsonSchema = obj(
  'Metrics infrastructure.',
  {
    replicas: int('Number of replicas.'),
    resources: resourceRequirementsSchema,
    retention: str('Retention of the metrics, for example `1y` or `30d`.', '1y'),
    storage: obj(
      'Storage of the metrics.',
      { storageClass, size: str('Size of the volume, a quantity such as `50Gi`.') },
      [],
      'MetricsStorage',
    ),
  },
  [],
  'Metrics',
);

const opencostSchema: JsonSchema = obj(
  'Per-cluster cost backend, overridable in a Cluster spec.',
  { replicas: int('Number of replicas.'), resources: resourceRequirementsSchema },
  [],
  'OpenCost',
);

/** `averageCPUPricePerNode`, `averageRAMPricePerNode`, `controlPlanePricePerCluster`, `averageGPUPrice`. */
const resourcePriceSchema: JsonSchema = obj(
  'A price and the time period it is for.',
  { price: num('The price.'), timePeriod: str('Time period the price is for.') },
  [],
  'CostControlResourcePrice',
);

export const costControlSchema: JsonSchema = obj(
  'Cost-control ROI dashboard and its metrics infrastructure.',
  {
    enabled: bool('Whether the ROI dashboard is available and its metrics infrastructure is deployed.'),
    global: obj(
      'Globally managed components.',
      { metrics: metricsSchema },
      [],
      'CostControlGlobal',
    ),
    cluster: obj(
      "Each connected cluster's managed components, overridable in a Cluster spec.",
      { metrics: metricsSchema, opencost: opencostSchema },
      [],
      'CostControlCluster',
    ),
    settings: obj(
      'Price settings used by the ROI dashboard.',
      {
        priceCurrency: str('Currency of the prices, an ISO 4217 code such as `USD`.'),
        averageCPUPricePerNode: resourcePriceSchema,
        averageRAMPricePerNode: resourcePriceSchema,
        controlPlanePricePerCluster: resourcePriceSchema,
        gpuSettings: obj(
          'GPU settings.',
          {
            enabled: bool('Whether GPU settings are available in the UI.'),
            averageGPUPrice: resourcePriceSchema,
          },
          [],
          'CostControlGPUSettings',
        ),
      },
      [],
      'CostControlSettings',
    ),
  },
  [],
  'CostControl',
);
