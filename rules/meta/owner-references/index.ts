import { defineRule, mappingItems, shown } from '../../api.js';

/** apimachinery `BannedOwners`: kinds that may never own another object. */
const BANNED_OWNERS = new Set(['v1/Event']);

/** apimachinery `schema.ParseGroupVersion`: `version` (core) or `group/version`; anything else has no version. */
function hasVersion(apiVersion: string): boolean {
  if (apiVersion === '' || apiVersion === '/') return false;
  const parts = apiVersion.split('/');
  if (parts.length === 1) return true;
  return parts.length === 2 && parts[1] !== '';
}

const FIELD_WORDS: Readonly<Record<string, string>> = {
  kind: 'kind of the owner, e.g. Team',
  name: 'name of the owner object',
  uid: "owner's metadata.uid, as the server reports it",
};

const rule = defineRule({
  meta: {
    id: 'meta/owner-references',
    description: 'Require owner references the server accepts: complete, with at most one controller',
    severity: 'error',
    sources: ['spec', 'upstream'],
    sections: ['metadata'],
    supersedes: ['schema/required'],
  },
  messages: {
    emptyField: {
      text: 'metadata.ownerReferences[{{index}}].{{field}} is empty.',
      note: 'The server rejects an owner reference without it ("must not be empty"). Write the {{what}}.',
    },
    badApiVersion: {
      text: 'metadata.ownerReferences[{{index}}].apiVersion "{{value}}" has no version.',
      note: 'The server rejects it ("version must not be empty"). Write group/version, e.g. management.platform/v1, or a core version such as v1.',
    },
    bannedOwner: {
      text: 'metadata.ownerReferences[{{index}}] names an Event (v1) as owner.',
      note: 'Events are disallowed from being owners and the server rejects the reference. Reference the object that really owns this one.',
    },
    multipleControllers: {
      text: 'metadata.ownerReferences[{{index}}] ({{ref}}) has controller: true, but ownerReferences[{{first}}] ({{firstRef}}) is already the controller.',
      note: 'Only one reference can have controller set to true, and the server rejects the object. Set controller: false here, or remove it.',
    },
    blockOwnerDeletion: {
      text: 'metadata.ownerReferences[{{index}}] ({{ref}}) sets blockOwnerDeletion: true.',
      note: 'Whoever applies this manifest needs delete permission on the owner, otherwise the server answers 422. Make sure that permission is granted, or drop blockOwnerDeletion.',
      severity: 'info',
    },
  },
  check(doc, ctx) {
    let firstController: { index: number; ref: string } | undefined;
    for (const { value: ref, path, index } of mappingItems(doc.data, ['metadata', 'ownerReferences'])) {
      const label = `${typeof ref.kind === 'string' && ref.kind ? ref.kind : '?'}/${typeof ref.name === 'string' && ref.name ? shown(ref.name, 60) : '?'}`;
      const { apiVersion } = ref;
      if (apiVersion === '') {
        ctx.report({ messageId: 'emptyField', path: [...path, 'apiVersion'], data: { index, field: 'apiVersion', what: 'API version of the owner, e.g. management.platform/v1' } });
      } else if (typeof apiVersion === 'string' && !hasVersion(apiVersion)) {
        ctx.report({ messageId: 'badApiVersion', path: [...path, 'apiVersion'], data: { index, value: shown(apiVersion) } });
      }
      for (const field of ['kind', 'name', 'uid'] as const) {
        if (ref[field] === '') ctx.report({ messageId: 'emptyField', path: [...path, field], data: { index, field, what: FIELD_WORDS[field] ?? field } });
      }
      if (typeof apiVersion === 'string' && typeof ref.kind === 'string' && BANNED_OWNERS.has(`${apiVersion}/${ref.kind}`)) {
        ctx.report({ messageId: 'bannedOwner', path: [...path, 'kind'], data: { index } });
      }
      if (ref.controller === true) {
        if (firstController) {
          ctx.report({ messageId: 'multipleControllers', path: [...path, 'controller'], data: { index, ref: label, first: firstController.index, firstRef: firstController.ref } });
        } else {
          firstController = { index, ref: label };
        }
      }
      if (ref.blockOwnerDeletion === true) {
        ctx.report({ messageId: 'blockOwnerDeletion', path: [...path, 'blockOwnerDeletion'], data: { index, ref: label } });
      }
    }
  },
});

export default rule;
