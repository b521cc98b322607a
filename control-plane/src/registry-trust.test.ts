/** @jest-environment node */
// What a remote may go back to, on SQLite (registry-trust-suite.ts).
import { trustSuite } from './registry-trust-suite.js';

trustSuite();
