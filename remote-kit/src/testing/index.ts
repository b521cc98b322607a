// `@ajo/remote-kit/testing`: what a remote's unit tests use (jest only, never in a bundle).
export * from './fake-host';
export { mountRemote } from './mount-remote';
export { renderRoute } from './render-route';
