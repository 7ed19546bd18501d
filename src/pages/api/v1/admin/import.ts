import { importRoute } from '@/composition/data/handlers';

export default importRoute;
export const config = { api: { bodyParser: false } };
