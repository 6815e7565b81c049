import { describe, expect, it } from 'vitest';

import { accentPalette, contrastRatio, parseHexColor } from './donation-theme';

describe('parseHexColor', () => {
  it('reads long and short hex colours', () => {
    expect(parseHexColor('#16a34a')).toEqual([0x16, 0xa3, 0x4a]);
    expect(parseHexColor('#FFF')).toEqual([255, 255, 255]);
  });

  it.each(['', 'red', '#12345', '#1234567', 'url(x)', '#16a34a;color:red'])(
    'refuses %j',
    (value) => {
      expect(parseHexColor(value)).toBeNull();
    },
  );
});

describe('accentPalette', () => {
  const white = [255, 255, 255] as const;
  const shade700 = (brand: string) =>
    parseHexColor(accentPalette(brand)['--color-brand-700'] ?? '');

  it.each(['#16a34a', '#db2777', '#2563eb', '#9333ea', '#ea580c', '#facc15', '#ffffff'])(
    'makes a 700 shade readable with white for %s',
    (brand) => {
      const strong = shade700(brand);
      expect(strong).not.toBeNull();
      if (strong) expect(contrastRatio(strong, white)).toBeGreaterThanOrEqual(4.5);
    },
  );

  it('keeps a colour that is already dark enough', () => {
    expect(accentPalette('#1e3a8a')['--color-brand-700']).toBe('#1e3a8a');
  });

  it('falls back to the site colour for a bad value', () => {
    expect(accentPalette('javascript:alert(1)')['--color-brand-500']).toBe('#c2410c');
  });

  it('fills every shade with a hex colour', () => {
    const palette = accentPalette('#16a34a');
    expect(Object.keys(palette)).toHaveLength(10);
    for (const value of Object.values(palette)) expect(value).toMatch(/^#[0-9a-f]{6}$/);
  });
});
