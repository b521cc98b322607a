import { Subject, filter } from '@ajo/shared/rx';
import type { BusEvent, BusEventOf, BusEventType, EventBus } from '@ajo/shared/events';

/** A typed RxJS event bus (docs/architecture.md "Micro-frontends"). */
export function createBus(): EventBus {
  const subject = new Subject<BusEvent>();
  return {
    emit: (event) => subject.next(event),
    on: <T extends BusEventType>(type: T) =>
      subject.pipe(filter((event): event is BusEventOf<T> => event.type === type)),
    events$: subject.asObservable(),
  };
}
