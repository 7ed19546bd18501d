import { withShell } from '@/features/shell/server/with-shell';

export const getServerSideProps = withShell();
