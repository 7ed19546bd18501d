import { avatarLook } from '@/lib/avatar-look';

/**
 * A round avatar: the picture when there is one, otherwise initials on a colour derived from the
 * name. `personal` marks the signed-in person's own avatar in the header, which a shared render
 * draws for nobody and the personal payload completes (src/lib/personal.ts): there an empty `url`
 * is a picture still to come, drawn without a source.
 */
export function Avatar({ name, url, size = 32, personal }: { name: string; url?: string | null; size?: number; personal?: boolean }) {
  const slot = personal ? { 'data-personal': 'avatar' } : {};
  if (url || (personal && url === '')) {
    // eslint-disable-next-line @next/next/no-img-element -- avatars are small user URLs, not optimisable assets
    return <img src={url || undefined} alt="" width={size} height={size} className="rounded-full object-cover" {...slot} />;
  }
  const { initials, background } = avatarLook(name);
  // The initials are drawn by CSS (::before), not as text: next to a visible name ("A Admin")
  // they would otherwise become part of a control's visible label, which its accessible name
  // ("Account menu for Admin") must contain (WCAG 2.5.3, axe label-content-name-mismatch).
  return (
    <span
      aria-hidden="true"
      data-initials={initials}
      className="inline-flex items-center justify-center rounded-full font-semibold text-white before:content-[attr(data-initials)]"
      style={{ width: size, height: size, fontSize: size * 0.4, background }}
      {...slot}
    />
  );
}
