import { WIDGET_STREAM_CLIENT } from '@shabaash/core';
import { useEffect, useRef, useState } from 'react';

import { OverlayStream } from '../obs-overlay/overlay-stream';
import type { StreamStatus } from '../obs-overlay/overlay-stream';

/**
 * The overlay stream's URL turned into a widget's: `client=widget` (no presence count, no
 * replay of unshown alerts) and no `last_event_id`, since a widget re-reads instead.
 */
export function widgetStreamUrl(overlayUrl: string): string {
  const [path = '', query = ''] = overlayUrl.split('?');
  const params = new URLSearchParams(query);
  params.set('client', WIDGET_STREAM_CLIENT);
  params.delete('last_event_id');
  return `${path}?${params.toString()}`;
}

export type WidgetStreamState = { status: StreamStatus; invalidMessage: string | null };

/**
 * Keeps a widget live: the overlay's own stream class (token check, back-off reconnects) on the
 * widget URL, calling `onChange` once connected (and after every reconnect) and on each alert,
 * so the widget re-reads its data then.
 */
export function useWidgetStream(slug: string, token: string, onChange: () => void) {
  const [state, setState] = useState<WidgetStreamState>({
    status: 'validating',
    invalidMessage: null,
  });
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);

  useEffect(() => {
    const stream = new OverlayStream({
      slug,
      token,
      onStatus: (status) => {
        setState((current) => ({ ...current, status }));
        if (status === 'connected') onChangeRef.current();
      },
      onInvalid: (invalidMessage) => setState({ status: 'invalid', invalidMessage }),
      onValidated: () => {},
      onAlert: () => onChangeRef.current(),
      createEventSource: (url) => new EventSource(widgetStreamUrl(url)),
    });
    stream.start();
    return () => stream.stop();
  }, [slug, token]);

  return state;
}
