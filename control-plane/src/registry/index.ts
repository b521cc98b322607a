// The remote registry (store.ts): what the app server, the operator API, the CLI and the build use.
export { createRegistryStore, publishAll } from './store.js';
export type { RegistryStore, RegistryStoreOptions } from './store.js';
export { RegistryError, RegistryUnreadable } from './errors.js';
export { normaliseRemote, REMOTE_NAME } from './names.js';
export { remotesIn } from './publishing.js';
export { manifestUrl } from './state.js';
export type * from './types.js';
export type { Contributions } from './contributions.js';
