import { describe, expect, it } from 'vitest';
import { signHs256, verifyHs256 } from './jwt.ts';

const SECRET = 'super-secret-jwt-token-with-at-least-32-characters-long';

describe('HS256 verification with golang-jwt reasons', () => {
  const token = signHs256({ sub: 'x', exp: 2000 }, SECRET);
  it('accepts a valid token before exp', () => {
    expect(verifyHs256(token, SECRET, 1999)).toMatchObject({ sub: 'x' });
  });
  it.each([
    ['expired', token, 2000, 'token has invalid claims: token is expired'],
    [
      'wrong secret',
      signHs256({ exp: 2000 }, 'y'.repeat(40)),
      1,
      'token signature is invalid: signature is invalid',
    ],
    ['two segments', 'a.b', 1, 'token contains an invalid number of segments'],
    ['bad header', '!!.e30.x', 1, 'could not base64 decode header'],
    ['alg none', `${Buffer.from('{"alg":"none"}').toString('base64url')}.e30.`, 1, 'for algorithm none'],
    ['exp as a string', signHs256({ exp: '2000' }, SECRET), 1, 'could not JSON decode claim'],
    ['not yet valid', signHs256({ nbf: 10 }, SECRET), 5, 'token is not valid yet'],
  ])('%s', (_name, t, now, message) => {
    expect(() => verifyHs256(t, SECRET, now)).toThrow(message);
  });
});
