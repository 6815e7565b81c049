import type { AccessibleStreamer } from '@shabaash/core';
import { describe, expect, it } from 'vitest';

import { chooseDashboardView } from './chooser-view';

function buildStreamer(overrides: Partial<AccessibleStreamer> = {}): AccessibleStreamer {
  return {
    streamer_slug: 'techgamer',
    streamer_name: 'Tech Gamer',
    brand_color: '#2563eb',
    is_admin: false,
    ...overrides,
  };
}

const streamerUser = { role: 'streamer' } as const;
const siteAdmin = { role: 'admin' } as const;

describe('chooseDashboardView', () => {
  it('sends a user with exactly one ordinary membership straight to it', () => {
    expect(
      chooseDashboardView(streamerUser, [buildStreamer({ streamer_slug: 'any-one' })]),
    ).toEqual({ kind: 'redirect', slug: 'any-one' });
  });

  it('lists several streamers for an ordinary user, without the admin title', () => {
    const streamers = [buildStreamer(), buildStreamer({ streamer_slug: 'musicstream' })];
    expect(chooseDashboardView(streamerUser, streamers)).toEqual({
      kind: 'list',
      isSiteAdmin: false,
      streamers,
    });
  });

  it('lists even a single streamer for a site admin, with the admin title', () => {
    expect(chooseDashboardView(siteAdmin, [buildStreamer()])).toMatchObject({
      kind: 'list',
      isSiteAdmin: true,
    });
  });

  it('lists the one streamer a member-admin administers, without claiming every dashboard', () => {
    const streamers = [buildStreamer({ is_admin: true })];
    expect(chooseDashboardView(streamerUser, streamers)).toEqual({
      kind: 'list',
      isSiteAdmin: false,
      streamers,
    });
  });

  it('reports no access when the list is empty', () => {
    expect(chooseDashboardView(streamerUser, [])).toEqual({ kind: 'empty' });
    expect(chooseDashboardView(siteAdmin, [])).toEqual({ kind: 'empty' });
  });
});
