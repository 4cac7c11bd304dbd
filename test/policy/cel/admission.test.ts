/** A ValidatingAdmissionPolicy's variables, declared as the API server declares them. */
import { describe, expect, it } from 'vitest';
import { admissionVariables, authorizerValue, BOOL, CelEnvironment, INT, resourceCheckValue } from '../../../src/policy/cel/index.js';

const env = new CelEnvironment();

describe('admission variables', () => {
  it('types request and namespaceObject: a misspelt field is a compile error, params and object are dynamic', () => {
    const decls = admissionVariables({ hasParams: true, hasAuthorizer: false, variables: { replicas: INT } });
    const ok = env.compile("request.operation == 'CREATE' && request.userInfo.groups.exists(g, g == 'admins') && namespaceObject.metadata.name == params.spec.ns && variables.replicas < 3 && object.spec.x", decls, { expectedTypes: [BOOL] });
    expect(ok.ok).toBe(true);
    const bad = env.compile("request.operatoin == 'CREATE'", decls);
    expect(bad.ok === false && [bad.error.message, bad.error.offset]).toEqual(["undefined field 'operatoin'", 7]);
    const noParams = env.compile('params.x', admissionVariables({ hasParams: false, hasAuthorizer: false }));
    expect(noParams.ok === false && noParams.error.message).toBe("undeclared reference to 'params' (in container '')");
  });

  it('declares authorizer and authorizer.requestResource when the authorizer is used', () => {
    const decls = admissionVariables({ hasParams: false, hasAuthorizer: true });
    const compiled = env.compile("authorizer.requestResource.check('update').allowed() && authorizer.group('').resource('pods').check('list').reason() == 'r'", decls);
    if (!compiled.ok) throw new Error(compiled.error.message);
    const asked: string[] = [];
    const answer = (request: { verb: string; group?: string; resource?: string; name?: string }) => {
      asked.push(`${request.verb} ${request.group ?? ''}/${request.resource ?? ''}${request.name ? `/${request.name}` : ''}`);
      return { decision: 'allow' as const, reason: 'r' };
    };
    const authorizer = authorizerValue(answer);
    const requestResource = resourceCheckValue(answer, { group: 'management.platform', resource: 'users', name: 'jane' });
    const result = compiled.program.evaluate(new Map<string, never>([['authorizer', authorizer as never], ['authorizer.requestResource', requestResource as never]]));
    // Two checks at 350,000 each (library/cost.go), the variables, builders, accessors and == at 1 each.
    expect(result).toMatchObject({ kind: 'value', value: true, cost: 700_007 });
    expect(asked).toEqual(['update management.platform/users/jane', 'list /pods']);
  });
});
