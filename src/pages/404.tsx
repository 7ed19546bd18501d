import { NotFoundPage } from '@/features/shell/page/ErrorPages';

export default NotFoundPage;
