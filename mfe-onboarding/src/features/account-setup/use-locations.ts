import { useEffect, useState } from 'react';
import { ERROR_GETTING_LOCAL_GOVERNMENTS, ERROR_GETTING_STATES } from '@ajo/shared/messages';
import { errorMessage, showToast } from '@ajo/remote-kit/services';
import { getLocalGovernments, getStates, type LocalGovernment, type State } from './api';

/** The states, and the local governments of the chosen state (SPEC §2 Account Setup). */
export function useLocations(stateId: string) {
  const [states, setStates] = useState<State[]>([]);
  const [localGovernments, setLocalGovernments] = useState<LocalGovernment[]>([]);
  const [loadingLgas, setLoadingLgas] = useState(false);

  useEffect(() => {
    let cancelled = false;
    getStates()
      .then((list) => !cancelled && setStates(list))
      .catch((error: unknown) => {
        if (!cancelled) void showToast('error', errorMessage(error, ERROR_GETTING_STATES));
      });
    return () => {
      cancelled = true;
    };
  }, []);

  useEffect(() => {
    setLocalGovernments([]);
    if (!stateId) return undefined;
    let cancelled = false;
    setLoadingLgas(true);
    getLocalGovernments(stateId)
      .then((list) => !cancelled && setLocalGovernments(list))
      .catch((error: unknown) => {
        if (!cancelled) {
          void showToast('error', errorMessage(error, ERROR_GETTING_LOCAL_GOVERNMENTS));
        }
      })
      .finally(() => !cancelled && setLoadingLgas(false));
    return () => {
      cancelled = true;
    };
  }, [stateId]);

  return { states, localGovernments, loadingLgas };
}
