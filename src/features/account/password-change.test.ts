import { describe, expect, it } from 'vitest';
import { checkNewPassword } from './password-change';

describe('checkNewPassword', () => {
  it('asks for matching passwords first', () => {
    expect(checkNewPassword('abc', 'abd')).toEqual({ title: "Passwords don't match", description: 'Please make sure your new passwords match' });
  });
  it('then for at least 8 characters', () => {
    expect(checkNewPassword('1234567', '1234567')).toEqual({ title: 'Password too short', description: 'Password must be at least 8 characters' });
  });
  it('accepts 8 matching characters', () => {
    expect(checkNewPassword('12345678', '12345678')).toBeNull();
  });
});
