import { votersCsvRoute } from '@/features/votes/server/handlers';
export default votersCsvRoute;
// The file is written as it is read (no body to parse; no size warning for a long list).
export const config = { api: { bodyParser: false, responseLimit: false } };
