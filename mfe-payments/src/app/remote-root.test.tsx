import { render, screen } from '@testing-library/react';
import { RemoteRoot } from './remote-root';

jest.mock('@ajo/remote-kit/host', () => jest.requireActual('@ajo/remote-kit/testing').hostModule);

describe('payments routes', () => {
  it.each([
    ['/dashboard/payments/airtime', 'Airtime'],
    ['/dashboard/payments/electricity', 'Electricity'],
    ['/dashboard/payments/data', 'Data'],
    ['/dashboard/payments/cable-tv', 'Cable TV'],
  ])('renders the screen heading on %s', async (path, heading) => {
    window.history.pushState(null, '', path);
    render(<RemoteRoot />);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
  });

  it('renders nothing on a path it does not own', () => {
    window.history.pushState(null, '', '/somewhere-else');
    const { container } = render(<RemoteRoot />);
    expect(container).toBeEmptyDOMElement();
  });
});
