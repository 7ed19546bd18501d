/** How an avatar without a picture looks: initials on a colour derived from the name. */
export interface AvatarLook {
  initials: string;
  /** A CSS colour. */
  background: string;
}

/** The initials and colour of a name (the same name always gets the same look). */
export function avatarLook(name: string): AvatarLook {
  const initials =
    name
      .split(/\s+/)
      .filter(Boolean)
      .slice(0, 2)
      .map((w) => w[0]!.toUpperCase())
      .join('') || '?';
  let hash = 0;
  for (const ch of name) hash = (hash * 31 + ch.charCodeAt(0)) >>> 0;
  // At 45% saturation, 32% lightness keeps white initials at 4.7:1 or more on every hue (WCAG AA).
  return { initials, background: `hsl(${hash % 360} 45% 32%)` };
}
