// Every user-facing message of the SPEC, verbatim, as named constants.
// Errors and toasts: SPEC §8. Validation: SPEC §5. Hints and labels: SPEC §2 and §5.
export * from './errors';
export * from './successes';
export * from './validation';
export * from './money';
