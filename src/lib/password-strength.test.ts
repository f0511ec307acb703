import { describe, expect, it } from 'vitest';
import { loadCommonPasswords } from './password-rules';
import { passwordStrength } from './password-strength';

describe('passwordStrength (reading A)', () => {
  it.each([
    ['', 0, 'Very Weak'],
    ['abc', 1, 'Weak'],
    ['abcdefgh', 2, 'Fair'],
    ['Abcdefgh', 3, 'Good'],
    ['Abcdefg1', 4, 'Strong'],
    ['Abcdef1!', 5, 'Very Strong'],
  ])('%j scores %i (%s)', (password, score, label) => {
    expect(passwordStrength(password)).toEqual({ score, label });
  });
});

describe('passwordStrength agrees with the server', () => {
  it('scores a blank or common password 0 with the reason the server gives', async () => {
    expect(passwordStrength('        ')).toEqual({ score: 0, label: 'Very Weak', refused: 'Password cannot be only spaces' });
    await loadCommonPasswords();
    for (const common of ['12345678', 'password', 'Password1', 'iloveyou', 'qwerty123']) {
      expect(passwordStrength(common), common).toMatchObject({ score: 0, refused: 'This password is too common. Please choose another.' });
    }
    expect(passwordStrength('correct horse battery').refused).toBeUndefined();
  });
});
