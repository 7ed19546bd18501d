/** A round avatar: the picture when there is one, otherwise initials on a colour derived from the name. */
export function Avatar({ name, url, size = 32 }: { name: string; url?: string | null; size?: number }) {
  const initials =
    name
      .split(/\s+/)
      .filter(Boolean)
      .slice(0, 2)
      .map((w) => w[0]!.toUpperCase())
      .join('') || '?';
  let hash = 0;
  for (const ch of name) hash = (hash * 31 + ch.charCodeAt(0)) >>> 0;
  const hue = hash % 360;
  if (url) {
    // eslint-disable-next-line @next/next/no-img-element -- avatars are small user URLs, not optimisable assets
    return <img src={url} alt="" width={size} height={size} className="rounded-full object-cover" />;
  }
  // The initials are drawn by CSS (::before), not as text: next to a visible name ("A Admin")
  // they would otherwise become part of a control's visible label, which its accessible name
  // ("Account menu for Admin") must contain (WCAG 2.5.3, axe label-content-name-mismatch).
  return (
    <span
      aria-hidden="true"
      data-initials={initials}
      // At 45% saturation, 32% lightness keeps white initials at 4.7:1 or more on every hue (WCAG AA).
      className="inline-flex items-center justify-center rounded-full font-semibold text-white before:content-[attr(data-initials)]"
      style={{ width: size, height: size, fontSize: size * 0.4, background: `hsl(${hue} 45% 32%)` }}
    />
  );
}
