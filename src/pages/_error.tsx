import { ErrorPage } from '@/features/shell/page/ErrorPages';

export default ErrorPage;
