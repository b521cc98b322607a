import { useState } from 'react';
import { fireEvent, screen } from '@testing-library/react';
import { RENDER_FALLBACK } from '@ajo/shared/messages';
import { remoteLifecycles, REPORT_RENDER_ERROR } from './lifecycles';
import { mountRemote } from './testing';

function Root() {
  return <h1>Remote screen</h1>;
}

function Broken(): never {
  throw new Error('render failed');
}

describe('remoteLifecycles', () => {
  it("mounts the remote's root where single-spa says and unmounts it cleanly", async () => {
    const remote = await mountRemote(remoteLifecycles(Root), {
      name: 'wallets',
      path: '/dashboard',
    });
    expect(await screen.findByRole('heading', { name: 'Remote screen' })).toBeInTheDocument();
    expect(remote.element).toContainElement(screen.getByRole('heading'));
    await remote.unmount();
    expect(remote.element).toBeEmptyDOMElement();
  });

  it('shows the SPEC §8 fallback in its own area when the root throws while rendering', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const remote = await mountRemote(remoteLifecycles(Broken), {
      name: 'wallets',
      path: '/dashboard',
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(RENDER_FALLBACK);
    expect(remote.element).toContainElement(screen.getByRole('alert'));
    await remote.unmount();
  });

  it('reports an error its boundary caught through the shell’s prop, once, and shows the fallback', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    function CrashesOnClick() {
      const [crashed, setCrashed] = useState(false);
      if (crashed) throw new Error('pay button crashed');
      return (
        <button type="button" onClick={() => setCrashed(true)}>
          Pay
        </button>
      );
    }
    const report = jest.fn();
    const remote = await mountRemote(remoteLifecycles(CrashesOnClick), {
      name: 'payments',
      path: '/payments/airtime',
      props: { [REPORT_RENDER_ERROR]: report },
    });
    expect(report).not.toHaveBeenCalled();
    fireEvent.click(await screen.findByRole('button', { name: 'Pay' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(RENDER_FALLBACK);
    expect(report).toHaveBeenCalledTimes(1);
    expect(String(report.mock.calls[0]?.[0])).toMatch(/pay button crashed/);
    await remote.unmount();
  });

  it('shows the fallback when the shell passes no reporter, or the reporter throws', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const remote = await mountRemote(remoteLifecycles(Broken), {
      name: 'wallets',
      path: '/dashboard',
      props: {
        [REPORT_RENDER_ERROR]: () => {
          throw new Error('no network');
        },
      },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(RENDER_FALLBACK);
    await remote.unmount();
  });
});
