import { fireEvent, render } from '@testing-library/react';
import type { User } from '@ajo/shared/entities';
import { Avatar } from './avatar';

const user = (photo_url: string | null) =>
  ({ first_name: 'Ada', last_name: 'Okafor', photo_url }) as User;

describe('Avatar', () => {
  it('shows the photo, and the initials once its signed link no longer opens', () => {
    const { container, rerender } = render(
      <Avatar user={user('/api/sandbox/files/a.jpg?expires=1&signature=x')} />,
    );
    const img = container.querySelector('img');
    expect(img).not.toBeNull();
    fireEvent.error(img!);
    expect(container.querySelector('img')).toBeNull();
    expect(container.textContent).toBe('AO');
    // A fresh link (the user read again) is tried again.
    rerender(<Avatar user={user('/api/sandbox/files/a.jpg?expires=2&signature=y')} />);
    expect(container.querySelector('img')).not.toBeNull();
  });
});
