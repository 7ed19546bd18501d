/**
 * `/admin` has no screen of its own: its loader sends moderators and admins to the inbox,
 * visitors to sign in, and shows members the 403 screen, so this component never renders.
 */
export default function AdminHomePage() {
  return null;
}
