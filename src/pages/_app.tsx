import '@/lib/zod-browser';
import '@/styles/globals.css';
import { App } from '@/composition/shell/App';

export default App;
