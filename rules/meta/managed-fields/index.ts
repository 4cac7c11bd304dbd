import { byteLength, defineRule, firstUnprintable, isSet, mappingItems, shown } from '../../api.js';

/** apimachinery `FieldManagerMaxLength` and `MaxSubresourceNameLength`. */
const MANAGER_MAX_BYTES = 128;
const SUBRESOURCE_MAX_BYTES = 256;

/** Why each field of an entry must be there. */
const REQUIRED: Readonly<Record<string, string>> = {
  operation: 'the server rejects an entry whose operation is not Apply or Update',
  fieldsType: 'the server cannot decode an entry without fieldsType: FieldsV1 and resets all managed fields',
  apiVersion: 'the field set is meaningless without the group/version it applies to, e.g. management.platform/v1',
  time: 'the server records when each entry was written; an entry without one was not written by the server',
};

/** `group/version`, or a core `version` alone as apimachinery's ParseGroupVersion accepts it. */
function isGroupVersion(value: string): boolean {
  const parts = value.split('/');
  if (parts.some((part) => part === '' || /\s/.test(part))) return false;
  return parts.length === 1 || parts.length === 2;
}

function codePoint(char: string): string {
  return `U+${(char.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`;
}

const rule = defineRule({
  meta: {
    id: 'meta/managed-fields',
    description: 'Require complete, well-formed metadata.managedFields entries',
    severity: 'error',
    sources: ['spec', 'upstream'],
    sections: ['metadata'],
  },
  messages: {
    missing: {
      text: 'metadata.managedFields[{{index}}] has no {{field}}: {{why}}.',
      note: 'Add {{field}}, or drop managedFields, which the server maintains.',
    },
    badApiVersion: {
      text: 'metadata.managedFields[{{index}}].apiVersion "{{value}}" is not of the form group/version.',
      note: 'Write the version the field set applies to, e.g. management.platform/v1.',
    },
    managerTooLong: {
      text: 'metadata.managedFields[{{index}}].manager is {{length}} bytes long.',
      note: 'Field manager names are at most 128 bytes and the server rejects longer ones. Shorten it.',
    },
    managerNotPrintable: {
      text: 'metadata.managedFields[{{index}}].manager contains the non-printable character {{char}}.',
      note: 'The server accepts only printable characters in a field manager name. Remove it.',
    },
    subresourceTooLong: {
      text: 'metadata.managedFields[{{index}}].subresource is {{length}} bytes long.',
      note: 'Subresource names are at most 256 bytes and the server rejects longer ones. Write the subresource name, e.g. status, or "" for the main resource.',
    },
  },
  check(doc, ctx) {
    for (const { value: entry, path, index } of mappingItems(doc.data, ['metadata', 'managedFields'])) {
      for (const [field, why] of Object.entries(REQUIRED)) {
        const value = entry[field];
        // An empty operation or fieldsType is a schema enum error, an empty time a meta/timestamps one.
        if (isSet(value) && !(field === 'apiVersion' && value === '')) continue;
        ctx.report({ messageId: 'missing', path: [...path, field], at: 'key', data: { index, field, why } });
      }
      const { apiVersion, manager, subresource } = entry;
      if (typeof apiVersion === 'string' && apiVersion !== '' && !isGroupVersion(apiVersion)) {
        ctx.report({ messageId: 'badApiVersion', path: [...path, 'apiVersion'], data: { index, value: shown(apiVersion) } });
      }
      if (typeof manager === 'string') {
        const length = byteLength(manager);
        if (length > MANAGER_MAX_BYTES) ctx.report({ messageId: 'managerTooLong', path: [...path, 'manager'], data: { index, length } });
        const bad = firstUnprintable(manager);
        if (bad !== undefined) ctx.report({ messageId: 'managerNotPrintable', path: [...path, 'manager'], data: { index, char: codePoint(bad) } });
      }
      if (typeof subresource === 'string') {
        const length = byteLength(subresource);
        if (length > SUBRESOURCE_MAX_BYTES) ctx.report({ messageId: 'subresourceTooLong', path: [...path, 'subresource'], data: { index, length } });
      }
    }
  },
});

export default rule;
