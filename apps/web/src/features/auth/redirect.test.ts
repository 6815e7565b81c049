import { describe, expect, it } from 'vitest';

import {
  DEFAULT_REDIRECT,
  isDashboardLogin,
  redirectTargetFrom,
  safeRedirectTarget,
  signInPath,
} from './redirect';

describe('safeRedirectTarget', () => {
  it('keeps in-app paths with their query and hash', () => {
    expect(safeRedirectTarget('/dashboard/techgamer')).toBe('/dashboard/techgamer');
    expect(safeRedirectTarget('/status?order_id=1&x=2#top')).toBe('/status?order_id=1&x=2#top');
  });

  it('falls back to /dashboard when there is no target', () => {
    expect(safeRedirectTarget(null)).toBe(DEFAULT_REDIRECT);
    expect(safeRedirectTarget('')).toBe(DEFAULT_REDIRECT);
  });

  it.each([
    'https://evil.example/dashboard',
    '//evil.example/dashboard',
    '/\\evil.example',
    '/\t/evil.example',
    'javascript:alert(1)',
    'dashboard',
  ])('refuses %j, which could leave the site', (raw) => {
    expect(safeRedirectTarget(raw)).toBe(DEFAULT_REDIRECT);
  });

  it('refuses /auth itself, which would loop', () => {
    expect(safeRedirectTarget('/auth')).toBe(DEFAULT_REDIRECT);
    expect(safeRedirectTarget('/auth?redirect=/auth')).toBe(DEFAULT_REDIRECT);
  });
});

describe('isDashboardLogin', () => {
  const params = (query: string) => new URLSearchParams(query);

  it('is true when the redirect target contains "dashboard"', () => {
    expect(isDashboardLogin(params('redirect=/dashboard'))).toBe(true);
    expect(isDashboardLogin(params('redirect=%2Fdashboard%2Ftechgamer'))).toBe(true);
  });

  it('is false for other targets and for plain /auth (whose default is /dashboard)', () => {
    expect(isDashboardLogin(params('redirect=/status'))).toBe(false);
    expect(isDashboardLogin(params(''))).toBe(false);
    expect(redirectTargetFrom(params(''))).toBe('/dashboard');
  });
});

describe('signInPath', () => {
  it('encodes the current path and query as the redirect', () => {
    expect(signInPath({ pathname: '/dashboard', search: '' })).toBe('/auth?redirect=%2Fdashboard');
    expect(signInPath({ pathname: '/dashboard/techgamer', search: '?tab=obs' })).toBe(
      '/auth?redirect=%2Fdashboard%2Ftechgamer%3Ftab%3Dobs',
    );
  });

  it('round-trips through the /auth query', () => {
    const path = signInPath({ pathname: '/dashboard/techgamer', search: '?tab=obs&x=1' });
    const query = new URL(path, 'http://localhost').searchParams;
    expect(redirectTargetFrom(query)).toBe('/dashboard/techgamer?tab=obs&x=1');
  });
});
