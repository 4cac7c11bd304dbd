import { defineTwin } from '../../twin.js';
import rule from './index.js';

/** An assignment that names a cluster role: a mapping whose name is a non-empty string. */
const NAMED = "type(r) == map && has(r.name) && type(r.name) == string && r.name != ''";
const TWICE = `${NAMED} && self.filter(s, type(s) == map && has(s.name) && s.name == r.name).size() > 1`;

export default defineTwin(rule, [
  {
    messages: ['missingName'],
    given: 'spec.clusterRoles[*]',
    expression: "type(self) != map || (has(self.name) && type(self.name) != null_type && !(type(self.name) == string && self.name == ''))",
    message: 'A cluster role assignment has no name: an assignment without a cluster role assigns nothing.',
  },
  {
    messages: ['duplicate'],
    name: 'duplicate',
    description: 'Disallow assigning a cluster role twice',
    given: 'spec.clusterRoles',
    expression: `type(self) != list || !self.exists(r, ${TWICE})`,
    messageExpression: `'cluster role "' + self.filter(r, ${TWICE})[0].name + '" is assigned twice.'`,
  },
]);
