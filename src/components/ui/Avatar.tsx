import { avatarLook, type AvatarLook } from '@/lib/avatar-look';

/**
 * A round avatar: the picture when there is one, otherwise initials on a colour derived from the
 * name. `look` overrides the derived look (a shared render's placeholder person: src/server/cache/shared-render.ts).
 */
export function Avatar({ name, url, size = 32, look }: { name: string; url?: string | null; size?: number; look?: AvatarLook }) {
  if (url) {
    // eslint-disable-next-line @next/next/no-img-element -- avatars are small user URLs, not optimisable assets
    return <img src={url} alt="" width={size} height={size} className="rounded-full object-cover" />;
  }
  const { initials, background } = look ?? avatarLook(name);
  // The initials are drawn by CSS (::before), not as text: next to a visible name ("A Admin")
  // they would otherwise become part of a control's visible label, which its accessible name
  // ("Account menu for Admin") must contain (WCAG 2.5.3, axe label-content-name-mismatch).
  return (
    <span
      aria-hidden="true"
      data-initials={initials}
      className="inline-flex items-center justify-center rounded-full font-semibold text-white before:content-[attr(data-initials)]"
      style={{ width: size, height: size, fontSize: size * 0.4, background }}
    />
  );
}
