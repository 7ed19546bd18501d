import '@/lib/zod-browser';
import '@/styles/globals.css';
import { App } from '@/features/shell/client/App';

export default App;
