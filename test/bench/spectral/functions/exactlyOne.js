/** Exactly one of `options.fields` is set on the object. */
export default (input, options) => {
  if (input === null || typeof input !== 'object') return [];
  const set = options.fields.filter((field) => input[field] !== undefined && input[field] !== null);
  return set.length === 1 ? [] : [{ message: `exactly one of ${options.fields.join(', ')} must be set (found ${set.length})` }];
};
