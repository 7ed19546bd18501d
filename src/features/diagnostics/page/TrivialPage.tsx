/**
 * The benchmarks' yardstick: the cheapest possible getServerSideProps page, served by the
 * same server. Exists only when CHORUS_DIAGNOSTIC_ROUTES=1.
 */
export default function TrivialPage({ now }: { now: number }) {
  return <p>trivial {now}</p>;
}
