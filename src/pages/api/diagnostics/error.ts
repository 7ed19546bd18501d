import { failingRoute } from '@/features/diagnostics/server/handlers';

export default failingRoute;
export const config = { api: { bodyParser: false } };
