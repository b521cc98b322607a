/** @jest-environment node */
// Two app servers on the embedded registry database (one file, two processes):
// registry-concurrency-suite.ts.
import { twoAppServersOnOneRegistry } from './registry-concurrency-suite.js';

twoAppServersOnOneRegistry({ where: 'embedded database' });
