import {
  composeRoutes,
  isCurrentLink,
  normalisePath,
  overlaps,
  resolveRoute,
  validateContributions,
  type Contributions,
  type ComposableDocument,
} from './contributions.cjs';
import { REMOTES } from './remotes.cjs';

// What a remote may declare and how the shell composes the declarations
// (docs/decisions/038-remotes-declare-their-routes.md). One module for the build, the registry and
// the shell, so these rules are the ones all three apply.

const valid = (): Record<string, unknown> => ({
  name: 'payments',
  routes: [
    { path: '/dashboard/payments/airtime', label: 'Airtime', access: 'signed-in' },
    { path: '/register', prefix: true, label: 'Account Setup', access: 'signed-out' },
  ],
  nav: [{ group: 'Payments', label: 'Airtime', path: '/dashboard/payments/airtime', order: 400 }],
});

/** `valid()` with `change` applied to a copy: bad declarations are any shape, on purpose. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Draft = Record<string, any>;
function declaring(change: (d: Draft) => void): Record<string, unknown> {
  const d: Draft = valid();
  change(d);
  return d;
}

const problemsOf = (d: unknown) => validateContributions(d, { withName: true });

describe('validateContributions', () => {
  it('accepts a valid declaration and every remote.json of the workspace', () => {
    expect(problemsOf(valid())).toEqual([]);
    for (const remote of REMOTES) {
      const { folder: _folder, ...declaration } = remote;
      expect([remote.name, problemsOf(declaration)]).toEqual([remote.name, []]);
    }
  });

  it('takes a manifest’s contributes without a name, and refuses a name there', () => {
    const { name: _name, ...contributes } = valid();
    expect(validateContributions(contributes)).toEqual([]);
    expect(validateContributions(valid())).toEqual(["the declaration has an unknown field 'name'"]);
  });

  it.each<[string, unknown, RegExp]>([
    ['not an object', [], /must be an object/],
    ['null', null, /must be an object/],
    ['an unknown top field', declaring((d) => (d.pages = [])), /unknown field 'pages'/],
    ['a name with capitals', declaring((d) => (d.name = 'Payments')), /^name must be/],
    ['a name of one letter', declaring((d) => (d.name = 'p')), /^name must be/],
    ['the name host', declaring((d) => (d.name = 'host')), /^name must be/],
    ['a name with a dash', declaring((d) => (d.name = 'public-pages')), /^name must be/],
    ['home not a boolean', declaring((d) => (d.home = 'yes')), /home must be true or false/],
    ['no routes', declaring((d) => (d.routes = [])), /routes must list 1 to 100/],
    ['routes not a list', declaring((d) => (d.routes = {})), /routes must list 1 to 100/],
    [
      'too many routes',
      declaring(
        (d) => (d.routes = Array.from({ length: 101 }, (_, i) => ({ path: `/p${i}`, label: 'P' }))),
      ),
      /routes must list 1 to 100/,
    ],
    [
      'a route not an object',
      declaring((d) => (d.routes[0] = '/x')),
      /routes\[0\] must be an object/,
    ],
    [
      'a route without a path',
      declaring((d) => delete d.routes[0].path),
      /routes\[0\]\.path must be/,
    ],
    [
      'a trailing slash',
      declaring((d) => (d.routes[0].path = '/dashboard/')),
      /routes\[0\]\.path must be/,
    ],
    [
      'capitals in a path',
      declaring((d) => (d.routes[0].path = '/Dashboard')),
      /routes\[0\]\.path must be/,
    ],
    [
      'a relative path',
      declaring((d) => (d.routes[0].path = 'dashboard')),
      /routes\[0\]\.path must be/,
    ],
    ['the root path', declaring((d) => (d.routes[0].path = '/')), /routes\[0\]\.path must be/],
    [
      'a double slash',
      declaring((d) => (d.routes[0].path = '//evil.example')),
      /routes\[0\]\.path must be/,
    ],
    [
      'a dot segment',
      declaring((d) => (d.routes[0].path = '/a/../login')),
      /routes\[0\]\.path must be/,
    ],
    ['a query', declaring((d) => (d.routes[0].path = '/a?b=1')), /routes\[0\]\.path must be/],
    [
      'a path too long',
      declaring((d) => (d.routes[0].path = `/${'a'.repeat(120)}`)),
      /at most 120/,
    ],
    ['/login', declaring((d) => (d.routes[0].path = '/login')), /reserved for the app \(\/login\)/],
    [
      'under /api',
      declaring((d) => (d.routes[0].path = '/api/users')),
      /reserved for the app \(\/api\)/,
    ],
    [
      'the operator paths',
      declaring((d) => (d.routes[0].path = '/remotes')),
      /reserved for the app \(\/remotes\)/,
    ],
    [
      'a route without a label',
      declaring((d) => delete d.routes[0].label),
      /routes\[0\]\.label must be text/,
    ],
    [
      'a blank label',
      declaring((d) => (d.routes[0].label = '  ')),
      /routes\[0\]\.label must be text/,
    ],
    [
      'markup in a label',
      declaring((d) => (d.routes[0].label = '<b>x</b>')),
      /routes\[0\]\.label must be text/,
    ],
    [
      'a label too long',
      declaring((d) => (d.routes[0].label = 'x'.repeat(61))),
      /routes\[0\]\.label must be text/,
    ],
    [
      'an unknown access',
      declaring((d) => (d.routes[0].access = 'protected')),
      /access must be one of/,
    ],
    ['an unknown layout', declaring((d) => (d.routes[0].layout = 'full')), /layout must be one of/],
    [
      'an unknown landmark',
      declaring((d) => (d.routes[0].landmark = 'home')),
      /landmark must be one of/,
    ],
    [
      'prefix not a boolean',
      declaring((d) => (d.routes[0].prefix = 'true')),
      /prefix must be true or false/,
    ],
    [
      'static not a boolean',
      declaring((d) => (d.routes[0].static = 1)),
      /static must be true or false/,
    ],
    [
      'an unknown route field',
      declaring((d) => (d.routes[0].protected = true)),
      /unknown field 'protected'/,
    ],
    [
      'a path twice',
      declaring((d) => (d.routes[1].path = d.routes[0].path)),
      /declare \/dashboard\/payments\/airtime twice/,
    ],
    [
      'a landmark twice',
      declaring((d) => {
        d.routes[0].landmark = 'verify';
        d.routes[1].landmark = 'verify';
      }),
      /two routes are the verify landmark/,
    ],
    ['nav not a list', declaring((d) => (d.nav = {})), /nav must list at most 50/],
    [
      'a nav entry not an object',
      declaring((d) => (d.nav[0] = 'Airtime')),
      /nav\[0\] must be an object/,
    ],
    [
      'a nav entry without a group',
      declaring((d) => delete d.nav[0].group),
      /nav\[0\]\.group must be text/,
    ],
    [
      'a nav entry without a label',
      declaring((d) => delete d.nav[0].label),
      /nav\[0\]\.label must be text/,
    ],
    [
      'a fractional order',
      declaring((d) => (d.nav[0].order = 1.5)),
      /order must be a whole number/,
    ],
    ['a negative order', declaring((d) => (d.nav[0].order = -1)), /order must be a whole number/],
    [
      'an order too big',
      declaring((d) => (d.nav[0].order = 10001)),
      /order must be a whole number/,
    ],
    [
      'a nav prefix not a boolean',
      declaring((d) => (d.nav[0].prefix = 'no')),
      /nav\[0\]\.prefix must be/,
    ],
    [
      'a nav entry to another remote’s path',
      declaring((d) => (d.nav[0].path = '/settings')),
      /is not one of the remote's own routes/,
    ],
    ['an unknown nav field', declaring((d) => (d.nav[0].icon = 'x')), /unknown field 'icon'/],
  ])('refuses %s', (_what, declaration, problem) => {
    const problems = problemsOf(declaration);
    expect(problems).toEqual(expect.arrayContaining([expect.stringMatching(problem)]));
  });

  it('accepts a nav entry under one of its own prefix routes', () => {
    expect(
      problemsOf(
        declaring((d) =>
          d.nav.push({ group: 'Sign-up', label: 'Step 2', path: '/register/step-2', order: 1 }),
        ),
      ),
    ).toEqual([]);
  });
});

describe('overlaps', () => {
  const mine: Contributions = {
    home: true,
    routes: [
      { path: '/dashboard/cards', label: 'Cards', landmark: 'verify' },
      { path: '/faq', label: 'FAQ' },
    ],
  };

  it('names the same path, the home page and a landmark another remote already has', () => {
    expect(
      overlaps(mine, {
        public_pages: { home: true, routes: [{ path: '/faq', prefix: true, label: 'FAQ' }] },
        onboarding: { routes: [{ path: '/verify', label: 'Verify', landmark: 'verify' }] },
        gone: undefined,
      }),
    ).toEqual([
      { path: '/faq', remote: 'public_pages' },
      { path: '/', remote: 'public_pages' },
      { path: 'landmark verify', remote: 'onboarding' },
    ]);
  });

  it('finds none between remotes that declare different paths', () => {
    expect(
      overlaps(mine, { wallets: { routes: [{ path: '/dashboard', label: 'Overview' }] } }),
    ).toEqual([]);
  });
});

describe('composeRoutes', () => {
  const doc = (
    remotes: Record<string, Contributions | unknown>,
    winners?: Record<string, string>,
  ) =>
    ({
      remotes: Object.fromEntries(
        Object.entries(remotes).map(([name, contributes]) => [name, { contributes }]),
      ),
      ...(winners ? { winners } : {}),
    }) as ComposableDocument;

  it('puts the most specific route first: exact paths, then the longest prefix', () => {
    const table = composeRoutes(
      doc({
        wide: { routes: [{ path: '/dashboard', prefix: true, label: 'A' }] },
        narrow: {
          routes: [
            { path: '/dashboard/payments', prefix: true, label: 'B' },
            { path: '/dashboard/payments/airtime', label: 'Airtime' },
          ],
        },
      }),
    );
    expect(table.routes.map((r) => r.path)).toEqual([
      '/dashboard/payments/airtime',
      '/dashboard/payments',
      '/dashboard',
    ]);
    expect(resolveRoute(table, '/dashboard/payments/airtime')?.owner).toBe('narrow');
    expect(resolveRoute(table, '/dashboard/payments/airtime/x')?.label).toBe('B');
    expect(resolveRoute(table, '/dashboard/wallets')?.owner).toBe('wide');
    expect(resolveRoute(table, '/elsewhere')).toBeNull();
  });

  it('gives a path two remotes declare to the first by name, or to the operator’s winner', () => {
    const remotes = {
      zeta: { routes: [{ path: '/dashboard/cards', label: 'Zeta cards' }] },
      alpha: { routes: [{ path: '/dashboard/cards', label: 'Alpha cards' }] },
    };
    expect(resolveRoute(composeRoutes(doc(remotes)), '/dashboard/cards')?.owner).toBe('alpha');
    const won = composeRoutes(doc(remotes, { '/dashboard/cards': 'zeta' }));
    expect(resolveRoute(won, '/dashboard/cards')).toMatchObject({
      owner: 'zeta',
      label: 'Zeta cards',
    });
    expect(won.routes.filter((r) => r.path === '/dashboard/cards')).toHaveLength(1);
  });

  it('keeps the shell’s own routes whatever a remote or a winner says', () => {
    // A reserved path makes the whole declaration invalid: it contributes nothing at all.
    const rogue = composeRoutes(
      doc({
        rogue: {
          routes: [
            { path: '/login', label: 'Fake login' },
            { path: '/x', label: 'X' },
          ],
        },
      }),
      [{ path: '/login', label: 'Login' }],
    );
    expect(rogue.routes.map((r) => [r.path, r.owner])).toEqual([['/login', 'host']]);
    // A shell route on a path no rule reserves stays the shell's, winner or not.
    const table = composeRoutes(
      doc({ rogue: { routes: [{ path: '/help', label: 'Fake help' }] } }, { '/help': 'rogue' }),
      [{ path: '/help', label: 'Help' }],
    );
    expect(resolveRoute(table, '/help')).toMatchObject({ owner: 'host', label: 'Help' });
  });

  it('takes nothing from a document key that is no remote name, host above all', () => {
    const table = composeRoutes(
      doc({
        host: { routes: [{ path: '/dashboard', label: 'Not the shell' }] },
        'Bad-Name': { routes: [{ path: '/faq', label: 'FAQ' }] },
        wallets: { routes: [{ path: '/dashboard/alerts', label: 'Alerts' }] },
      }),
      [{ path: '/login', label: 'Login' }],
    );
    expect(table.routes.map((r) => [r.path, r.owner])).toEqual([
      ['/dashboard/alerts', 'wallets'],
      ['/login', 'host'],
    ]);
  });

  it('names the home owner, the first by name or the operator’s winner; none without one', () => {
    const remotes = {
      public_pages: { home: true, routes: [{ path: '/faq', label: 'FAQ' }] },
      landing: { home: true, routes: [{ path: '/about', label: 'About' }] },
    };
    expect(composeRoutes(doc(remotes)).home).toMatchObject({
      path: '/',
      owner: 'landing',
      static: true,
    });
    expect(composeRoutes(doc(remotes, { '/': 'public_pages' })).home.owner).toBe('public_pages');
    expect(composeRoutes(doc({ alpha: { routes: [{ path: '/a', label: 'A' }] } })).home.owner).toBe(
      '',
    );
    expect(composeRoutes(null).home.owner).toBe('');
  });

  it('finds the landmarks among the routes each remote won', () => {
    const table = composeRoutes(
      doc({
        onboarding: { routes: [{ path: '/signup', label: 'Sign up', landmark: 'sign-up' }] },
        wallets: {
          routes: [
            {
              path: '/dashboard',
              label: 'Overview',
              access: 'signed-in',
              landmark: 'signed-in-home',
            },
          ],
        },
      }),
    );
    expect(table.landmarks).toEqual({ 'sign-up': '/signup', 'signed-in-home': '/dashboard' });
  });

  it('orders sidebar groups by their smallest entry and links by order, across remotes', () => {
    const table = composeRoutes(
      doc({
        payments: {
          routes: [
            { path: '/dashboard/payments/data', label: 'Data' },
            { path: '/dashboard/payments/airtime', label: 'Airtime' },
          ],
          nav: [
            { group: 'Payments', label: 'Data', path: '/dashboard/payments/data', order: 420 },
            {
              group: 'Payments',
              label: 'Airtime',
              path: '/dashboard/payments/airtime',
              order: 400,
            },
          ],
        },
        cards: {
          routes: [{ path: '/dashboard/cards', label: 'Cards', prefix: true }],
          nav: [
            {
              group: 'Payments',
              label: 'Cards',
              path: '/dashboard/cards',
              order: 410,
              prefix: true,
            },
          ],
        },
        wallets: {
          routes: [{ path: '/dashboard', label: 'Overview' }],
          nav: [{ group: 'Wallets', label: 'Overview', path: '/dashboard', order: 100 }],
        },
      }),
    );
    expect(table.sidebar).toEqual([
      { title: 'Wallets', links: [{ label: 'Overview', href: '/dashboard', prefix: false }] },
      {
        title: 'Payments',
        links: [
          { label: 'Airtime', href: '/dashboard/payments/airtime', prefix: false },
          { label: 'Cards', href: '/dashboard/cards', prefix: true },
          { label: 'Data', href: '/dashboard/payments/data', prefix: false },
        ],
      },
    ]);
  });

  it('leaves out an invalid remote entirely, and keeps the others', () => {
    const table = composeRoutes(
      doc({
        broken: {
          routes: [
            { path: '/dashboard/cards', label: 'Cards' },
            { path: '/Bad', label: 'Bad' },
          ],
          nav: [{ group: 'Cards', label: 'Cards', path: '/dashboard/cards', order: 1 }],
        },
        nothing: undefined,
        wallets: {
          routes: [{ path: '/dashboard', label: 'Overview', landmark: 'signed-in-home' }],
        },
      }),
    );
    expect(table.routes.map((r) => r.owner)).toEqual(['wallets']);
    expect(resolveRoute(table, '/dashboard/cards')).toBeNull();
    expect(table.sidebar).toEqual([]);
    expect(table.landmarks).toEqual({ 'signed-in-home': '/dashboard' });
  });

  it('leaves out a sidebar entry whose path another remote won', () => {
    const table = composeRoutes(
      doc(
        {
          alpha: {
            routes: [{ path: '/dashboard/cards', label: 'Alpha' }],
            nav: [{ group: 'Alpha', label: 'Alpha cards', path: '/dashboard/cards', order: 1 }],
          },
          zeta: {
            routes: [{ path: '/dashboard/cards', label: 'Zeta' }],
            nav: [{ group: 'Zeta', label: 'Zeta cards', path: '/dashboard/cards', order: 2 }],
          },
        },
        { '/dashboard/cards': 'zeta' },
      ),
    );
    expect(table.sidebar).toEqual([
      { title: 'Zeta', links: [{ label: 'Zeta cards', href: '/dashboard/cards', prefix: false }] },
    ]);
  });

  it('fills in the defaults of a route: public access, the layout from the access', () => {
    const table = composeRoutes(
      doc({
        alpha: {
          routes: [
            { path: '/open', label: 'Open' },
            { path: '/mine', label: 'Mine', access: 'signed-in' },
            { path: '/mine-public', label: 'Mine', access: 'signed-in', layout: 'public' },
          ],
        },
      }),
    );
    expect(resolveRoute(table, '/open')).toMatchObject({
      access: 'public',
      protected: false,
      layout: 'public',
      static: false,
      verification: false,
    });
    expect(resolveRoute(table, '/mine')).toMatchObject({ protected: true, layout: 'dashboard' });
    expect(resolveRoute(table, '/mine-public')).toMatchObject({
      protected: true,
      layout: 'public',
    });
  });
});

describe('paths and links', () => {
  it('normalises trailing slashes and the empty path', () => {
    expect(normalisePath('/a/b/')).toBe('/a/b');
    expect(normalisePath('/a//')).toBe('/a');
    expect(normalisePath('')).toBe('/');
    expect(normalisePath('/')).toBe('/');
  });

  it('makes a link current on its path, and under it only when it is a prefix link', () => {
    const settings = { label: 'Settings', href: '/settings', prefix: true };
    const airtime = { label: 'Airtime', href: '/dashboard/payments/airtime', prefix: false };
    expect(isCurrentLink(settings, '/settings/delete-account')).toBe(true);
    expect(isCurrentLink(settings, '/settings-other')).toBe(false);
    expect(isCurrentLink(airtime, '/dashboard/payments/airtime/')).toBe(true);
    expect(isCurrentLink(airtime, '/dashboard/payments/airtime/x')).toBe(false);
  });
});
