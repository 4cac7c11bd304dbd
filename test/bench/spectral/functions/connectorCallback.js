/** Every provider of a connector redirects to /auth/<connector id>/callback. */
const PROVIDERS = ['oidc', 'gitForgeA', 'gitForgeB', 'webIdentityA', 'webIdentityB', 'saml'];
export default (input) => {
  if (input === null || typeof input !== 'object' || typeof input.id !== 'string') return [];
  const results = [];
  for (const provider of PROVIDERS) {
    const uri = input[provider]?.redirectURI;
    if (typeof uri === 'string' && !uri.endsWith(`/auth/${input.id}/callback`)) {
      results.push({ message: `redirectURI must end in /auth/${input.id}/callback`, path: [provider, 'redirectURI'] });
    }
  }
  return results;
};
