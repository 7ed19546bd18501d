import type { GetServerSideProps } from 'next';
import { env } from '@/config/env';

/**
 * The benchmarks' yardstick: the cheapest possible getServerSideProps page, served by the
 * same server. Exists only when CHORUS_DIAGNOSTIC_ROUTES=1.
 */
export default function TrivialPage({ now }: { now: number }) {
  return <p>trivial {now}</p>;
}

export const getServerSideProps: GetServerSideProps<{ now: number }> = async () => {
  if (!env().CHORUS_DIAGNOSTIC_ROUTES) return { notFound: true };
  return { props: { now: Date.now() } };
};
