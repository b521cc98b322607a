import type { loadHostApi } from '../federation/host-modules';
import type { HostServices } from '../layout/use-host-services';

/** What every prompt needs from the shell: the bus (toasts), the session (user id, loadUser) and api. */
export interface PromptServices extends HostServices {
  /** host/api through federation, fetched on submit only. */
  loadApi: typeof loadHostApi;
}

export interface PromptModalProps {
  userId: string | number;
  services: PromptServices;
  /** Dismisses the prompt for this page view (close button, Escape, backdrop). */
  onClose: () => void;
}
