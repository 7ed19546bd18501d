/**
 * A round avatar: the picture when there is one, otherwise initials on a colour derived from the
 * name. The colour is dark enough (30% lightness) for white initials to pass WCAG AA at any hue.
 */
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
  return (
    <span
      aria-hidden="true"
      className="inline-flex items-center justify-center rounded-full font-semibold text-white"
      style={{ width: size, height: size, fontSize: size * 0.4, background: `hsl(${hue} 45% 30%)` }}
    >
      {initials}
    </span>
  );
}
