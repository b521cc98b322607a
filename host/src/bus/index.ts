// Exposed through federation as `host/bus`: the one bus instance of the page. Its 'navigate' events
// are followed from the moment it exists (./follow-navigation.ts).
import { createBus } from './create-bus';
import { followNavigation } from './follow-navigation';

export const bus = createBus();
followNavigation(bus);
