import { Document } from '@/composition/shell/Document';

export default Document;
