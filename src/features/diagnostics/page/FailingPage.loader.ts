import type { GetServerSideProps } from 'next';
import { env } from '@/config/env';

export const getServerSideProps: GetServerSideProps = async () => {
  if (!env().CHORUS_DIAGNOSTIC_ROUTES) return { notFound: true };
  throw new Error('diagnostic failure: secret-internal-detail');
};
