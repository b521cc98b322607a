// Exposed through federation as `host/bus`: the one bus instance of the page.
import { createBus } from './create-bus';

export const bus = createBus();
