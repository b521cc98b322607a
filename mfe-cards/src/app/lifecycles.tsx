// Exposed as `cards/app`: the single-spa lifecycles of this remote.
import { remoteLifecycles } from '@ajo/remote-kit/lifecycles';
import { RemoteRoot } from './remote-root';

export const { bootstrap, mount, unmount } = remoteLifecycles(RemoteRoot);
