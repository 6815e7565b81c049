import { AUTH_MESSAGES } from '@shabaash/core';
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import { describe, expect, it } from 'vitest';

import authHindi from '../../i18n/catalogs/auth/hi.json';
import { activateLanguage, addCatalogs } from '../../i18n/i18n';
import { ApiError } from '../../lib/api';
import { describeAuthFailure, validateLogin, validateSignup } from './auth-messages';

describe('validateLogin', () => {
  it('asks for both fields', () => {
    const missing = {
      title: 'Missing Information',
      description: 'Please enter both email and password.',
    };
    expect(validateLogin({ email: '', password: 'secret1' })).toEqual(missing);
    expect(validateLogin({ email: '   ', password: 'secret1' })).toEqual(missing);
    expect(validateLogin({ email: 'a@b.in', password: '' })).toEqual(missing);
  });

  it('leaves everything else to the server', () => {
    expect(validateLogin({ email: 'a@b.in', password: 'x' })).toBeNull();
  });
});

describe('validateSignup', () => {
  const valid = { email: 'a@b.in', password: 'secret1', confirmPassword: 'secret1' };

  it('accepts a complete form', () => {
    expect(validateSignup(valid)).toBeNull();
  });

  it('asks for all fields first', () => {
    expect(validateSignup({ ...valid, confirmPassword: '' })?.description).toBe(
      'Please fill in all fields.',
    );
    expect(validateSignup({ ...valid, email: ' ', password: 'a' })?.description).toBe(
      'Please fill in all fields.',
    );
  });

  it('then checks that the passwords match, then their length', () => {
    expect(validateSignup({ ...valid, password: 'abc', confirmPassword: 'abd' })).toEqual({
      title: 'Password Mismatch',
      description: 'Passwords do not match.',
    });
    expect(validateSignup({ ...valid, password: 'abcde', confirmPassword: 'abcde' })).toEqual({
      title: 'Password Too Short',
      description: 'Password must be at least 6 characters long.',
    });
  });
});

describe('describeAuthFailure', () => {
  it("shows the server's message for a refusal", () => {
    const error = new ApiError(401, 'invalid_credentials', 'Invalid email or password.');
    expect(describeAuthFailure(error, 'login')).toEqual({
      title: 'Login Failed',
      description: 'Invalid email or password.',
    });
    const taken = new ApiError(409, 'email_taken', AUTH_MESSAGES.emailTaken);
    expect(describeAuthFailure(taken, 'signup')).toEqual({
      title: 'Signup Failed',
      description: AUTH_MESSAGES.emailTaken,
    });
  });

  it('falls back to the spec text when a refusal carries no message of ours', () => {
    const error = new ApiError(400, 'http_error', 'Something went wrong. Please try again.');
    expect(describeAuthFailure(error, 'login').description).toBe('Invalid email or password.');
    expect(describeAuthFailure(error, 'signup').description).toBe('Failed to create account.');
  });

  it('reports transport and server faults as errors', () => {
    const offline = new ApiError(0, 'network_error', 'Something went wrong. Please try again.');
    const broken = new ApiError(500, 'internal_error', 'Internal details');
    expect(describeAuthFailure(offline, 'login')).toEqual({
      title: 'Login Error',
      description: 'Something went wrong. Please try again.',
    });
    expect(describeAuthFailure(broken, 'signup')).toEqual({
      title: 'Signup Error',
      description: 'Something went wrong. Please try again.',
    });
    expect(describeAuthFailure(new TypeError('boom'), 'login').title).toBe('Login Error');
  });
});

describe('in Hindi (issue 21)', () => {
  it('says the same things from the auth catalog', () => {
    const compiled = Object.fromEntries(
      Object.entries(authHindi).map(([id, message]) => [id, compileMessageOrThrow(message)]),
    );
    addCatalogs('hi', [{ area: 'auth', messages: compiled }]);
    activateLanguage('hi');
    try {
      expect(validateLogin({ email: '', password: '' })).toEqual({
        title: 'जानकारी अधूरी है',
        description: 'कृपया ई-मेल और पासवर्ड दोनों डालें।',
      });
      expect(
        validateSignup({ email: 'a@b.in', password: 'secret1', confirmPassword: 'secret2' }),
      ).toEqual({ title: 'पासवर्ड मेल नहीं खाते', description: 'दोनों पासवर्ड एक जैसे नहीं हैं।' });
      expect(describeAuthFailure(new ApiError(503, 'internal_error', ''), 'signup')).toEqual({
        title: 'साइन अप में गड़बड़ी',
        description: 'कुछ गड़बड़ हो गई। कृपया फिर से कोशिश करें।',
      });
    } finally {
      activateLanguage('en-IN');
    }
  });
});
