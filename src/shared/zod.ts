/**
 * zod, set up once for every schema in the app: without `jitless`, zod probes `new Function('')`
 * when it first parses, which a strict Content-Security-Policy (ours has no 'unsafe-eval') blocks
 * and reports as a violation on every page that parses anything. Import `z` from here, not 'zod'.
 */
import { z } from 'zod';

z.config({ jitless: true });

export { z };
