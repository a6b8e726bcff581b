import { describe, expect, it } from 'vitest';
import { ACCOUNT_HOME, safeRedirect, searchParam, withRedirect } from '../../../client/account/redirect.ts';

describe('safeRedirect', () => {
  it.each(['/my-account/invoice-details', '/my-account', '/cart?x=1', '/iphone/iphone-17'])(
    'given the path %s of this site, when followed, then it is kept',
    (path) => {
      expect(safeRedirect(path)).toBe(path);
    },
  );

  it.each([
    [undefined, 'none'],
    ['', 'empty'],
    ['https://evil.example/', 'another site'],
    ['//evil.example/', 'a protocol-relative URL'],
    ['/\\evil.example', 'a backslash browsers read as //'],
    ['/\t/evil.example', 'a control character URL parsers drop'],
    ['my-account', 'not a path'],
    ['/login?redirect=/cart', 'the login page itself'],
    ['/register', 'the register page'],
  ] as [string | undefined, string][])('given %j (%s), when followed, then my-account instead', (raw) => {
    expect(safeRedirect(raw)).toBe(ACCOUNT_HOME);
  });
});

describe('search and links', () => {
  it('given a search string, when read, then the parameter decoded or undefined', () => {
    expect(searchParam('?redirect=%2Fmy-account%2Fnewsletter&x=1', 'redirect')).toBe('/my-account/newsletter');
    expect(searchParam('', 'token')).toBeUndefined();
  });

  it('given a page to come back to, when linked, then it rides along encoded', () => {
    expect(withRedirect('/login', '/my-account/invoice-details')).toBe(
      '/login?redirect=%2Fmy-account%2Finvoice-details',
    );
    expect(withRedirect('/register', undefined)).toBe('/register');
  });
});
