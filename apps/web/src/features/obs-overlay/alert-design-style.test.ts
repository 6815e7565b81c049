import { DEFAULT_ALERT_DESIGN, type AlertDesign } from '@shabaash/core';
import { describe, expect, it } from 'vitest';

import { ALERT_FONT_STACKS, cardStyle, partColour, placementStyle } from './alert-design-style';

describe('alert design styles', () => {
  it('draws the classic card as before the designer', () => {
    expect(cardStyle(DEFAULT_ALERT_DESIGN)).toEqual({
      fontFamily: ALERT_FONT_STACKS.system,
      backgroundColor: 'rgba(2, 6, 23, 0.8)',
      color: '#ffffff',
    });
    expect(placementStyle(DEFAULT_ALERT_DESIGN)).toEqual({
      transform: 'translate(calc(var(--fw) * 0), calc(var(--fh) * 0)) scale(1)',
      transformOrigin: 'top center',
    });
  });

  it('moves and scales the card in shares of the frame, from its anchor', () => {
    const design: AlertDesign = {
      ...DEFAULT_ALERT_DESIGN,
      position: 'bottom-left',
      offset_x: 192,
      offset_y: -108,
      scale_percent: 150,
      background_color: null,
    };
    expect(placementStyle(design)).toEqual({
      transform: 'translate(calc(var(--fw) * 10), calc(var(--fh) * -10)) scale(1.5)',
      transformOrigin: 'bottom left',
    });
    expect(cardStyle(design).backgroundColor).toBeUndefined();
  });

  it('never lets anything but a known font or a #rrggbb colour into a style', () => {
    // As if a design had skipped the server's check.
    const tampered = {
      ...DEFAULT_ALERT_DESIGN,
      font: "x; background: url('https://evil.example/')",
      name_color: 'red; position: fixed',
      message_color: 'expression(alert(1))',
      background_color: 'url(https://evil.example/x.png)',
      offset_x: Number.NaN,
      scale_percent: 10_000,
    } as unknown as AlertDesign; // deliberately not a valid design
    const card = cardStyle(tampered);
    expect(card.fontFamily).toBe(ALERT_FONT_STACKS.system);
    expect(card.color).toBe(DEFAULT_ALERT_DESIGN.message_color);
    expect(card.backgroundColor).toBe('rgba(2, 6, 23, 0.8)');
    expect(partColour(tampered, 'name')).toBe(DEFAULT_ALERT_DESIGN.name_color);
    expect(placementStyle(tampered).transform).toBe(
      'translate(calc(var(--fw) * 0), calc(var(--fh) * 0)) scale(2)',
    );
  });
});
