// Business constants and limits of SPEC §9 (and the fixed values of SPEC §3, §5 and §7).
export * from './limits';
export * from './catalogues';
