import { DEFAULT_PUBLIC_CONFIG, loadPublicConfig } from './public-config';
import { serveAppConfig } from './serve-app-config';

describe('the public configuration', () => {
  afterEach(() => document.getElementById('ajo-app-config')?.remove());

  it('is read from the page when the app server put it there, without a fetch', async () => {
    const fetchMock = serveAppConfig({ bankName: 'Fetched MFB' });
    const data = document.createElement('script');
    data.type = 'application/json';
    data.id = 'ajo-app-config';
    data.textContent = JSON.stringify({ bankName: 'Inlined MFB' });
    document.head.append(data);
    await expect(loadPublicConfig()).resolves.toEqual({
      ...DEFAULT_PUBLIC_CONFIG,
      bankName: 'Inlined MFB',
    });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('is fetched from /app-config.json on a page without it', async () => {
    const fetchMock = serveAppConfig({ bankName: 'Fetched MFB' });
    await expect(loadPublicConfig()).resolves.toMatchObject({ bankName: 'Fetched MFB' });
    expect(fetchMock).toHaveBeenCalledWith('/app-config.json', { cache: 'no-cache' });
  });
});
