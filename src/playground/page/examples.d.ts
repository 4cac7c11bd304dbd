/** The starting examples, which the docs site's Vite builds from the repository (src/site/playground-examples.ts). */
declare module 'virtual:platlint-playground-examples' {
  const examples: import('../protocol.js').PlaygroundExample[];
  export default examples;
}
