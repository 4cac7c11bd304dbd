/**
 * The metadata fields the server owns (Kubernetes ObjectMeta's read-only ones): a manifest for create does not carry
 * them, an update does not change them by hand, a patch only `test`s them.
 */
export const SERVER_OWNED_METADATA = [
  'uid',
  'resourceVersion',
  'generation',
  'creationTimestamp',
  'deletionTimestamp',
  'deletionGracePeriodSeconds',
  'managedFields',
  'selfLink',
] as const;

export type ServerOwnedField = (typeof SERVER_OWNED_METADATA)[number];

export function isServerOwnedField(field: string): field is ServerOwnedField {
  return (SERVER_OWNED_METADATA as readonly string[]).includes(field);
}
