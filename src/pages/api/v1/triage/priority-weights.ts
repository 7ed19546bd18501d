import { priorityWeightsRoute } from '@/features/posts/server/triage-list-handlers';

export default priorityWeightsRoute;
export const config = { api: { bodyParser: false } };
