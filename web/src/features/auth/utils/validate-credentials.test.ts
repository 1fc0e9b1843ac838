import { describe, expect, it } from 'vitest';
import { validateCredentials } from './validate-credentials';

describe('validateCredentials', () => {
  it('asks for every field when email or password is empty', () => {
    expect(validateCredentials('sign-in', { email: '', password: 'secret1' })).toBe(
      'Please fill in all fields',
    );
    expect(validateCredentials('sign-in', { email: '  ', password: 'secret1' })).toBe(
      'Please fill in all fields',
    );
    expect(validateCredentials('sign-up', { email: 'a@b.co', password: '', confirmPassword: '' })).toBe(
      'Please fill in all fields',
    );
  });

  it('lets a complete sign-in through without length rules', () => {
    expect(validateCredentials('sign-in', { email: 'a@b.co', password: '123' })).toBeNull();
  });

  it('requires matching passwords on sign-up before the length rule', () => {
    expect(
      validateCredentials('sign-up', { email: 'a@b.co', password: '12345', confirmPassword: '1234' }),
    ).toBe('Passwords do not match');
  });

  it('requires at least 6 characters on sign-up', () => {
    expect(
      validateCredentials('sign-up', { email: 'a@b.co', password: '12345', confirmPassword: '12345' }),
    ).toBe('Password must be at least 6 characters');
    expect(
      validateCredentials('sign-up', { email: 'a@b.co', password: '123456', confirmPassword: '123456' }),
    ).toBeNull();
  });
});
