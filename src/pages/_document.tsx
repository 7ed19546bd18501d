import { Document } from '@/features/shell/client/Document';

export default Document;
