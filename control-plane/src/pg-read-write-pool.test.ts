/** @jest-environment node */
import { splitHostUrls } from './pg-read-write-pool.js';

describe('the registry database URL', () => {
  it('takes libpq multi-host URLs, one URL per host, and asks only for writable sessions', () => {
    expect(
      splitHostUrls(
        'postgres://reg:pw@10.0.0.1:5432,10.0.0.2/registry?target_session_attrs=read-write&sslmode=disable',
      ),
    ).toEqual([
      'postgres://reg:pw@10.0.0.1:5432/registry?sslmode=disable',
      'postgres://reg:pw@10.0.0.2/registry?sslmode=disable',
    ]);
    expect(splitHostUrls('postgres://reg@db:5432/registry')).toEqual([
      'postgres://reg@db:5432/registry',
    ]);
    expect(() => splitHostUrls('postgres://reg:pw@h1,/registry')).toThrow(
      /host 2 must be host or host:port/,
    );
    expect(() => splitHostUrls('postgres://h1,h2/r?target_session_attrs=standby')).toThrow(
      /read-write/,
    );
  });
});
