import type { GetServerSideProps } from 'next';
import { env } from '@/config/env';

export const getServerSideProps: GetServerSideProps<{ now: number }> = async () => {
  if (!env().CHORUS_DIAGNOSTIC_ROUTES) return { notFound: true };
  return { props: { now: Date.now() } };
};
