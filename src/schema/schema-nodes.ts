/**
 * Every object and array inside a schema, in one fixed depth-first order. The CLI bundle's validators
 * (src/build/lean-validators.ts) point their errors' `schema` and `parentSchema` at `schemaNodes(schema)[i]`, an
 * index computed at build time, instead of spelling out `schema.properties.spec.properties...` in each error: the
 * same objects, in a fraction of the code. Build time and run time walk the same schema with this one function, so
 * the indexes agree.
 */
export function schemaNodes(root: unknown): object[] {
  const nodes: object[] = [];
  const visit = (value: unknown): void => {
    if (typeof value !== 'object' || value === null) return;
    nodes.push(value);
    for (const child of Object.values(value)) visit(child);
  };
  visit(root);
  return nodes;
}
