import type { GetServerSideProps } from 'next';
import { env } from '@/config/env';

/** Proves the styled 500 page and that no internals leak. Exists only when CHORUS_DIAGNOSTIC_ROUTES=1. */
export default function FailingPage() {
  return null;
}

export const getServerSideProps: GetServerSideProps = async () => {
  if (!env().CHORUS_DIAGNOSTIC_ROUTES) return { notFound: true };
  throw new Error('diagnostic failure: secret-internal-detail');
};
