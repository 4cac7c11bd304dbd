/** The items of a list have distinct values of `options.key`. */
export default (input, options) => {
  if (!Array.isArray(input)) return [];
  const seen = new Set();
  const results = [];
  input.forEach((item, i) => {
    const value = item && typeof item === 'object' ? item[options.key] : undefined;
    if (value === undefined) return;
    if (seen.has(value)) results.push({ message: `duplicate ${options.key} "${value}"`, path: [i, options.key] });
    seen.add(value);
  });
  return results;
};
