/**
 * The workspace's accent colour, adjusted per theme so text on it and it on the page stay
 * readable (WCAG AA, 4.5:1): in the light theme it is darkened until it reads on white, in the
 * dark theme lightened until it reads on the dark surface. Labels on accent buttons take white
 * (light) or the dark background colour (dark).
 */
const HEX = /^#[0-9a-f]{6}$/i;
const DEFAULT = '#6d28d9';
// The page background (#fafafa) is the lighter-contrast case of the two light backgrounds.
const LIGHT_SURFACE = '#fafafa';
const DARK_SURFACE = '#17141f';
const DARK_BG = '#0c0a12';
const MIN_CONTRAST = 4.5;

type Rgb = [number, number, number];

const toRgb = (hex: string): Rgb => [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16)) as Rgb;
const toHex = (rgb: Rgb): string => `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;
const mix = (a: Rgb, b: Rgb, t: number): Rgb => [0, 1, 2].map((i) => a[i]! + (b[i]! - a[i]!) * t) as Rgb;

function luminance([r, g, b]: Rgb): number {
  const lin = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

export function contrast(a: string, b: string): number {
  const [x, y] = [luminance(toRgb(a)), luminance(toRgb(b))].sort((p, q) => q - p) as [number, number];
  return (x + 0.05) / (y + 0.05);
}

/** Moves `hex` toward `target` in small steps until it has MIN_CONTRAST against `against`. */
function adjust(hex: string, target: Rgb, against: string): string {
  const base = toRgb(hex);
  for (let t = 0; t <= 1.0001; t += 0.02) {
    const candidate = toHex(mix(base, target, t));
    if (contrast(candidate, against) >= MIN_CONTRAST) return candidate;
  }
  return toHex(target);
}

export interface AccentPalette {
  light: { accent: string; fg: string };
  dark: { accent: string; fg: string };
}

export function accentPalette(colour: string): AccentPalette {
  const hex = HEX.test(colour) ? colour.toLowerCase() : DEFAULT;
  return {
    light: { accent: adjust(hex, [0, 0, 0], LIGHT_SURFACE), fg: '#ffffff' },
    dark: { accent: adjust(hex, [255, 255, 255], DARK_SURFACE), fg: DARK_BG },
  };
}

/**
 * The CSS that applies the palette (hex values only: nothing from the input reaches CSS unchecked).
 * `html:root` and `html.dark` outrank the stylesheet's own `:root` and `.dark` (globals.css),
 * wherever the page's stylesheet lands in the head. The default colour needs none: the
 * stylesheet's values are its palette.
 */
export function accentCss(colour: string): string {
  const hex = HEX.test(colour) ? colour.toLowerCase() : DEFAULT;
  if (hex === DEFAULT) return '';
  const { light, dark } = accentPalette(hex);
  return `html:root{--accent:${light.accent};--accent-fg:${light.fg}}html.dark{--accent:${dark.accent};--accent-fg:${dark.fg}}`;
}
