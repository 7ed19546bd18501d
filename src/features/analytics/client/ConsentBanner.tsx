export function ConsentBanner() {
  return null;
}
