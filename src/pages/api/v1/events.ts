import { eventsRoute } from '@/composition/live/events-route';
export default eventsRoute;
export const config = { api: { bodyParser: false } };
