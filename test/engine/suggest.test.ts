import { describe, expect, it } from 'vitest';
import { didYouMean, editDistance, nearest } from '../../src/engine/suggest.js';

describe('did-you-mean', () => {
  it('prefers a case-insensitive match', () => {
    expect(didYouMean('clientID', ['clientId', 'clientSecret'])).toEqual(['clientId']);
    expect(didYouMean('redirectUri', ['redirectURI', 'postLogoutRedirectURI'])).toEqual(['redirectURI']);
  });

  it('counts a transposition as one edit', () => {
    expect(editDistance('emial', 'email')).toBe(1);
    expect(didYouMean('emial', ['email', 'icon'])).toEqual(['email']);
    expect(didYouMean('lsit', ['list', 'get'])).toEqual(['list']);
  });

  it('finds plural and singular near misses and gives up on unrelated words', () => {
    expect(didYouMean('hostedDomain', ['hostedDomains', 'groups'])).toEqual(['hostedDomains']);
    expect(didYouMean('zzz', ['email', 'icon'])).toEqual([]);
    expect(editDistance('abcdef', 'uvwxyz', 2)).toBe(3);
  });

  it('never suggests the word written, only other spellings of it', () => {
    expect(didYouMean('List', ['User', 'List', 'UserList'])).toEqual([]);
    expect(didYouMean('list', ['List', 'list'])).toEqual(['List']);
    expect(nearest('json', ['json', 'sarif'])).toBe('');
  });
});
