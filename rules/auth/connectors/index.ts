import { defineRule, displayPath, goTrim, isBlank, isRecord, mappingItems, PROVIDER_TYPES, shown } from '../../api.js';
import { TOP_LEVEL_IDS, isUrlSafeConnectorId } from '../shared.js';

const PROVIDER_LIST = PROVIDER_TYPES.join(', ');

const rule = defineRule({
  meta: {
    id: 'auth/connectors',
    description: 'Require every additional connector to have a unique, URL-safe id and a provider',
    severity: 'error',
    sources: ['spec', 'upstream'],
    kinds: ['Config'],
  },
  messages: {
    idMissing: {
      text: '{{field}} has no id.',
      note: 'The id names the connector in the login URL and its callback /auth/<id>/callback, and the identity service refuses a connector without one ("no ID field for connector"). Add an id such as id: corp-sso.',
    },
    idNotUrlSafe: {
      text: '{{field}} is "{{id}}", which cannot stand as one step of the callback path /auth/<id>/callback as written.',
      note: '{{reason}}. Use letters, digits, "-", "_", "." and "~" only, e.g. "{{example}}".',
    },
    idDuplicate: {
      text: '{{field}} is "{{id}}", the same id as {{other}}.',
      note: 'Both connectors would claim the login route and the callback /auth/{{id}}/callback, so one of them cannot be used. Give every connector its own id.',
    },
    idClashesTopLevel: {
      text: '{{field}} is "{{id}}", the id of the top-level {{provider}} provider (its callback is /auth/{{id}}/callback).',
      note: 'Both would claim the same login route. Choose another id for the connector.',
    },
    noProvider: {
      text: '{{field}} configures no login provider.',
      note: 'A connector needs one of the provider objects {{providers}}, otherwise it offers no way to log in. Add the provider this connector is meant for.',
    },
  },
  given: { path: ['status', 'auth'], type: 'mapping' },
  check(auth, ctx, { path: authPath, doc }) {
    const topLevel = new Map<string, string>();
    for (const type of PROVIDER_TYPES) if (isRecord(auth[type])) topLevel.set(TOP_LEVEL_IDS[type], type);
    const seen = new Map<string, string>();
    for (const { value: connector, path } of mappingItems(doc.data, [...authPath, 'connectors'])) {
      const id = connector['id'];
      const idField = displayPath([...path, 'id']);
      if (isBlank(id)) {
        const hasKey = Object.prototype.hasOwnProperty.call(connector, 'id');
        ctx.report({ messageId: 'idMissing', path: hasKey ? [...path, 'id'] : path, ...(hasKey && id === null ? { at: 'key' as const } : {}), data: { field: displayPath(path) } });
      } else if (typeof id === 'string') {
        if (!isUrlSafeConnectorId(id)) {
          const bad = [...id].find((c) => !/[A-Za-z0-9._~-]/.test(c));
          const reason =
            bad === undefined
              ? `"${id}" is a dot segment, which URL normalization removes`
              : bad === '/'
                ? '"/" splits it into several path steps, so the callback route never matches'
                : `"${shown(bad)}" would have to be percent-encoded, and identity providers compare redirect URIs byte for byte`;
          const example = goTrim(id.replace(/[^A-Za-z0-9._~-]+/g, '-'), '-.').toLowerCase() || 'corp-sso';
          ctx.report({ messageId: 'idNotUrlSafe', path: [...path, 'id'], data: { field: idField, id: shown(id), reason, example } });
        }
        const previous = seen.get(id);
        if (previous !== undefined) {
          ctx.report({ messageId: 'idDuplicate', path: [...path, 'id'], data: { field: idField, id: shown(id), other: previous } });
        } else {
          seen.set(id, displayPath(path));
          const provider = topLevel.get(id);
          if (provider !== undefined) {
            ctx.report({ messageId: 'idClashesTopLevel', path: [...path, 'id'], data: { field: idField, id, provider } });
          }
        }
      }
      if (!PROVIDER_TYPES.some((type) => isRecord(connector[type]))) {
        ctx.report({ messageId: 'noProvider', path, data: { field: displayPath(path), providers: PROVIDER_LIST } });
      }
    }
  },
});

export default rule;
