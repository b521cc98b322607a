import { createBus } from './create-bus';
import { followNavigation, isAppPath, type HistoryLike } from './follow-navigation';

function setup() {
  const bus = createBus();
  const history: HistoryLike & { pushState: jest.Mock; replaceState: jest.Mock } = {
    state: { usr: 'kept' },
    pushState: jest.fn(),
    replaceState: jest.fn(),
  };
  const subscription = followNavigation(bus, history);
  return { bus, history, subscription };
}

describe('followNavigation', () => {
  afterEach(() => jest.restoreAllMocks());

  it("pushes the path of a navigate event (a remote going to another app's route)", () => {
    const { bus, history } = setup();
    bus.emit({ type: 'navigate', to: '/signup' });
    expect(history.pushState).toHaveBeenCalledWith(null, '', '/signup');
    expect(history.replaceState).not.toHaveBeenCalled();
  });

  it('replaces the current entry, keeping its state, when the event asks to', () => {
    const { bus, history } = setup();
    bus.emit({ type: 'navigate', to: '/dashboard?funded=1', replace: true });
    expect(history.replaceState).toHaveBeenCalledWith({ usr: 'kept' }, '', '/dashboard?funded=1');
    expect(history.pushState).not.toHaveBeenCalled();
  });

  it('ignores a target outside the app, so a bad event can never send the customer elsewhere', () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const { bus, history } = setup();
    for (const to of ['https://evil.example/', '//evil.example/x', 'javascript:alert(1)', 'faq']) {
      bus.emit({ type: 'navigate', to });
    }
    expect(history.pushState).not.toHaveBeenCalled();
    expect(history.replaceState).not.toHaveBeenCalled();
    expect(error).toHaveBeenCalledTimes(4);
  });

  it('stops following once unsubscribed', () => {
    const { bus, history, subscription } = setup();
    subscription.unsubscribe();
    bus.emit({ type: 'navigate', to: '/login' });
    expect(history.pushState).not.toHaveBeenCalled();
  });

  it('accepts app paths with a query and a hash only', () => {
    expect(isAppPath('/faq?x=1#top')).toBe(true);
    expect(isAppPath('/\\evil.example')).toBe(false);
  });
});
