import { auditRoute } from '@/features/audit/server/handlers';

export default auditRoute;
export const config = { api: { bodyParser: false } };
