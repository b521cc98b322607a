import { createBus } from './create-bus';

describe('event bus', () => {
  it('delivers each event to the subscribers of its type only', () => {
    const bus = createBus();
    const toasts: string[] = [];
    const signOuts = jest.fn();
    bus.on('toast').subscribe((event) => toasts.push(event.toast.message));
    bus.on('signed-out').subscribe(signOuts);
    bus.emit({ type: 'toast', toast: { kind: 'error', message: 'Error getting user' } });
    bus.emit({ type: 'wallets-changed' });
    expect(toasts).toEqual(['Error getting user']);
    expect(signOuts).not.toHaveBeenCalled();
    bus.emit({ type: 'signed-out' });
    expect(signOuts).toHaveBeenCalledTimes(1);
  });

  it('exposes every event on events$', () => {
    const bus = createBus();
    const types: string[] = [];
    bus.events$.subscribe((event) => types.push(event.type));
    bus.emit({ type: 'navigate', to: '/dashboard' });
    bus.emit({ type: 'user-changed', user: null });
    expect(types).toEqual(['navigate', 'user-changed']);
  });

  it('stops delivering after unsubscribe', () => {
    const bus = createBus();
    const seen = jest.fn();
    const sub = bus.on('navigate').subscribe(seen);
    sub.unsubscribe();
    bus.emit({ type: 'navigate', to: '/faq' });
    expect(seen).not.toHaveBeenCalled();
  });
});
