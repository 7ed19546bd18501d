import { widgetSessionRoute } from '@/features/widget/server/handlers';

export default widgetSessionRoute;
export const config = { api: { bodyParser: false } };
