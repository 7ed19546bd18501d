/** Proves the styled 500 page and that no internals leak. Exists only when CHORUS_DIAGNOSTIC_ROUTES=1. */
export default function FailingPage() {
  return null;
}
