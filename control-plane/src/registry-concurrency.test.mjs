/** @jest-environment node */
// Two app servers on the embedded registry database (one file, two processes):
// registry-concurrency-suite.mjs.
import { twoAppServersOnOneRegistry } from './registry-concurrency-suite.mjs';

twoAppServersOnOneRegistry({ where: 'embedded database' });
