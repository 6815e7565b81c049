import { slugSchema } from '@shabaash/core';
import { describe, expect, it } from 'vitest';

import type { InboxLead } from './admin-console.api';
import { prefillFromLead, slugify } from './lead-to-streamer';

const lead = (overrides: Partial<InboxLead> = {}): InboxLead => ({
  id: '1',
  name: 'Priya Sharma',
  mobile_number: '9876543210',
  youtube_channel: 'https://youtube.com/@PriyaPlays_Live',
  email: 'priya@example.com',
  instagram_handle: null,
  plan: null,
  created_at: '2026-01-01T00:00:00.000Z',
  ...overrides,
});

describe('turning a lead into a streamer', () => {
  it('suggests the YouTube handle as a valid slug, the name and the owner e-mail', () => {
    const prefill = prefillFromLead(lead());
    expect(prefill).toEqual({
      leadName: 'Priya Sharma',
      slug: 'priyaplays-live',
      name: 'Priya Sharma',
      ownerEmail: 'priya@example.com',
    });
    expect(slugSchema.safeParse(prefill.slug).success).toBe(true);
  });

  it('falls back to the name when the link has no handle', () => {
    expect(
      prefillFromLead(lead({ youtube_channel: 'https://youtube.com/channel/UC123' })).slug,
    ).toBe('priya-sharma');
  });

  it('makes slugs of anything', () => {
    expect(slugify('  Ravi   Kumar!! ')).toBe('ravi-kumar');
    expect(slugify('Café Ünïcode')).toBe('cafe-unicode');
    expect(slugify('x'.repeat(40))).toHaveLength(30);
  });
});
