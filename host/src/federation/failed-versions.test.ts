import { firstReloadFor, noteFailedVersion, withoutFailedVersions } from './failed-versions';

const choices = [
  {
    name: 'payments',
    version: '2.0.0',
    entry: '/remotes/payments/2.0.0/mf-manifest.json',
    fallback: {
      name: 'payments',
      version: '1.0.0',
      entry: '/remotes/payments/1.0.0/mf-manifest.json',
    },
  },
  { name: 'settings', version: '3.0.0', entry: '/remotes/settings/3.0.0/mf-manifest.json' },
];

describe('versions that failed in this tab', () => {
  beforeEach(() => sessionStorage.clear());

  it('are replaced by their fallback on the next page load of the tab, and only they', () => {
    expect(withoutFailedVersions(choices, sessionStorage)).toEqual(choices);
    noteFailedVersion(sessionStorage, 'payments', '2.0.0');
    // No fallback to go to: the version is tried again.
    noteFailedVersion(sessionStorage, 'settings', '3.0.0');
    expect(withoutFailedVersions(choices, sessionStorage)).toEqual([
      { name: 'payments', version: '1.0.0', entry: '/remotes/payments/1.0.0/mf-manifest.json' },
      choices[1],
    ]);
  });

  it('a version the operator puts live next is tried again', () => {
    noteFailedVersion(sessionStorage, 'payments', '1.9.0');
    expect(withoutFailedVersions(choices, sessionStorage)).toEqual(choices);
  });

  it('a reload for a version is allowed once per tab', () => {
    expect(firstReloadFor(sessionStorage, 'payments', '1.0.0')).toBe(true);
    expect(firstReloadFor(sessionStorage, 'payments', '1.0.0')).toBe(false);
    expect(firstReloadFor(sessionStorage, 'settings', '1.0.0')).toBe(true);
  });

  it('never allows a reload it cannot remember (storage refused)', () => {
    const refusing = {
      getItem: () => null,
      setItem: () => {
        throw new DOMException('quota', 'QuotaExceededError');
      },
    } as unknown as Storage;
    expect(firstReloadFor(refusing, 'payments', '1.0.0')).toBe(false);
  });

  it('ignores what is not its own list in storage', () => {
    sessionStorage.setItem('ajo-failed-remote-versions', '{"payments@2.0.0":true}');
    expect(withoutFailedVersions(choices, sessionStorage)).toEqual(choices);
    sessionStorage.setItem('ajo-failed-remote-versions', 'not json');
    expect(withoutFailedVersions(choices, sessionStorage)).toEqual(choices);
  });
});
