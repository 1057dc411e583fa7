/** The sign-in page's zod-free rules agree with the shared schema the core checks the sign-in with. */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { signInForm, signInIssues } from '../../../shared/account/index.js';

const chars = fc.constantFrom('a', 'Z', '7', ' ', '\t', '_', '@', '中', '-');
const text = (max: number) => fc.array(chars, { maxLength: max }).map((cs) => cs.join(''));
const long = fc.integer({ min: 30, max: 70 }).map((n) => 'a'.repeat(n));

describe('signInIssues', () => {
  it('refuses a username exactly when the schema does, trimmed as sent', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          text(40),
          long,
          long.map((s) => ` ${s} `),
        ),
        (username) => {
          const schema = signInForm.shape.username.safeParse(username).success;
          expect(signInIssues({ username, password: 'x' }).username === undefined).toBe(schema);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('refuses a password when the schema does, and one of spaces only', () => {
    fc.assert(
      fc.property(fc.oneof(text(70), long), (password) => {
        const schema = signInForm.shape.password.safeParse(password).success;
        const issue = signInIssues({ username: 'tenant1', password }).password;
        expect(issue === undefined).toBe(schema && password.trim() !== '');
        expect(issue === 'validation.passwordRequired').toBe(password === '');
      }),
      { numRuns: 2000 },
    );
  });

  it('names the spec texts', () => {
    expect(signInIssues({ username: '', password: '' })).toEqual({
      username: 'validation.username',
      password: 'validation.passwordRequired',
    });
    expect(signInIssues({ username: 'ten ant', password: '   ' })).toEqual({
      username: 'validation.username',
      password: 'validation.password',
    });
    expect(signInIssues({ username: ' tenant1 ', password: 'Demo@2026' })).toEqual({});
  });
});
