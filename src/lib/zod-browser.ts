import { z } from 'zod';

// zod probes for `new Function` support on first use to speed up object parsing; under the
// Content-Security-Policy (no 'unsafe-eval') that probe is a reported violation. The browser
// parses small forms, so the interpreted path loses nothing. Imported first by _app.
z.config({ jitless: true });
