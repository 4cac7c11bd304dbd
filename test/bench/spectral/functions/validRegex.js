/** The value compiles as a regular expression. */
export default (input) => {
  if (typeof input !== 'string') return [];
  try {
    new RegExp(input);
    return [];
  } catch (error) {
    return [{ message: `not a regular expression: ${error.message}` }];
  }
};
