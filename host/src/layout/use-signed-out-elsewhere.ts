import { useEffect } from 'react';
import { SESSION_CHANNEL, SIGNED_OUT_MESSAGE, TOKEN_KEY } from '../session/keys';

/**
 * Another tab of this browser signed out (or its session was refused): call `onSignedOut` at once
 * (docs/decisions/015-sessions-ended-on-the-server.md). The BroadcastChannel message comes first;
 * the storage event of the cleared token covers browsers without BroadcastChannel.
 */
export function useSignedOutElsewhere(onSignedOut: () => void): void {
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      // clear() reports key null; removing the token reports it with no new value.
      if (event.key === null || (event.key === TOKEN_KEY && event.newValue === null)) onSignedOut();
    };
    window.addEventListener('storage', onStorage);
    let channel: BroadcastChannel | undefined;
    if (typeof BroadcastChannel !== 'undefined') {
      channel = new BroadcastChannel(SESSION_CHANNEL);
      channel.onmessage = (event: MessageEvent) => {
        if (event.data === SIGNED_OUT_MESSAGE) onSignedOut();
      };
    }
    return () => {
      window.removeEventListener('storage', onStorage);
      channel?.close();
    };
  }, [onSignedOut]);
}
