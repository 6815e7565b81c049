import { describe, expect, it } from 'vitest';

import { widgetStreamUrl } from './widget-stream';

describe('widget stream URL', () => {
  it('asks for the widget client and never for a replay', () => {
    expect(widgetStreamUrl('/api/overlay/chiaa/events?token=obs_abc&last_event_id=41')).toBe(
      '/api/overlay/chiaa/events?token=obs_abc&client=widget',
    );
    expect(widgetStreamUrl('/api/overlay/chiaa/events?token=obs_a%2Bb')).toBe(
      '/api/overlay/chiaa/events?token=obs_a%2Bb&client=widget',
    );
  });
});
