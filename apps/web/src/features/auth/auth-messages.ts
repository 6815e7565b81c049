import { PASSWORD_MIN_LENGTH } from '@shabaash/core';

import { ApiError } from '../../lib/api';
import { apiErrorText } from '../../lib/api-error';
import { AUTH_MESSAGE_TEXT as AUTH_MESSAGES } from './auth.constants';

/** A toast's title and description. */
export type ToastMessage = { title: string; description: string };

/** Spec 01 §5: the login form needs both fields; anything else is the server's to judge. */
export function validateLogin(input: { email: string; password: string }): ToastMessage | null {
  if (!input.email.trim() || !input.password) {
    return {
      title: AUTH_MESSAGES.missingInformationTitle,
      description: AUTH_MESSAGES.missingInformation,
    };
  }
  return null;
}

/** Spec 01 §5: all three fields, matching passwords, at least 6 characters, in that order. */
export function validateSignup(input: {
  email: string;
  password: string;
  confirmPassword: string;
}): ToastMessage | null {
  if (!input.email.trim() || !input.password || !input.confirmPassword) {
    return {
      title: AUTH_MESSAGES.missingInformationTitle,
      description: AUTH_MESSAGES.fillAllFields,
    };
  }
  if (input.password !== input.confirmPassword) {
    return {
      title: AUTH_MESSAGES.passwordMismatchTitle,
      description: AUTH_MESSAGES.passwordMismatch,
    };
  }
  if (input.password.length < PASSWORD_MIN_LENGTH) {
    return {
      title: AUTH_MESSAGES.passwordTooShortTitle,
      description: AUTH_MESSAGES.passwordTooShort,
    };
  }
  return null;
}

/** Each form's failure texts, read when shown (so in the page's language). */
function failureTextOf(form: 'login' | 'signup') {
  return form === 'login'
    ? {
        failedTitle: AUTH_MESSAGES.loginFailedTitle,
        failedFallback: AUTH_MESSAGES.invalidCredentials,
        errorTitle: AUTH_MESSAGES.loginErrorTitle,
      }
    : {
        failedTitle: AUTH_MESSAGES.signupFailedTitle,
        failedFallback: AUTH_MESSAGES.signupFailed,
        errorTitle: AUTH_MESSAGES.signupErrorTitle,
      };
}

/**
 * Spec 01 §8: the server refused (a 4xx, carrying its message) → 'Login Failed' / 'Signup
 * Failed'; no answer, or a fault on our side → 'Login Error' / 'Signup Error' with the generic
 * message, since a 5xx message says nothing useful to the user.
 */
export function describeAuthFailure(error: unknown, form: 'login' | 'signup'): ToastMessage {
  const text = failureTextOf(form);
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) {
    // `http_error`: a 4xx without our error body (a proxy, say), so no server message to show.
    const hasServerMessage = error.code !== 'http_error' && error.message !== '';
    return {
      title: text.failedTitle,
      description: hasServerMessage ? apiErrorText(error) : text.failedFallback,
    };
  }
  return { title: text.errorTitle, description: AUTH_MESSAGES.genericError };
}
