import { exportRoute } from '@/composition/data/handlers';

export default exportRoute;
export const config = { api: { bodyParser: false, responseLimit: false } };
