#!/usr/bin/env node
// `ajo-create-remote` (node tooling/create-remote.mjs in the monorepo): a new remote with the
// platform's conventions (docs/conventions.md: src/app for the lifecycles and routes, one folder per
// feature, tests beside the code), its contribution declaration (remote.json: one signed-in
// dashboard route and one sidebar entry) and the scripts every package has (build, test, lint,
// typecheck, release:upload, release). Inside the monorepo the workspace packages are linked
// (workspace:*); anywhere else they are this tooling's version, from wherever the team gets them.
//   ajo-create-remote <name> [--dir <folder>] [--route /path] [--label "..."] [--group "..."]
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';

const USAGE =
  'usage: ajo-create-remote <name> [--dir <folder>] [--route /path] [--label "..."] [--group "..."]';
/** The federation name rule of remote.json (container, registry key, single-spa app). */
const REMOTE_NAME = /^[a-z][a-z0-9_]{1,30}$/;
/** A route path of remote.json: lowercase segments, no trailing slash. */
const ROUTE_PATH = /^(\/[a-z0-9-]+)+$/;
const TOOLING = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));

class CreateError extends Error {}
const refuse = (message) => {
  throw new CreateError(message);
};

const kebab = (name) => name.replaceAll('_', '-');
const pascal = (name) =>
  name
    .split('_')
    .filter(Boolean)
    .map((w) => w[0].toUpperCase() + w.slice(1))
    .join('');
/**
 * `text` as a JavaScript string (labels are the team's words: quotes, braces), quoted as prettier
 * would: single quotes unless the text has more of them than double quotes.
 */
const js = (text) => {
  const quote = text.split("'").length > text.split('"').length ? '"' : "'";
  return `${quote}${text.replaceAll('\\', '\\\\').replaceAll(quote, `\\${quote}`)}${quote}`;
};
const sentence = (name) => {
  const words = name.split('_').filter(Boolean).join(' ');
  return words[0].toUpperCase() + words.slice(1);
};

/** `workspace:*` when the folder sits in a pnpm workspace that holds @ajo/tooling itself. */
function inWorkspace(dir) {
  for (let at = path.dirname(dir); ; at = path.dirname(at)) {
    if (existsSync(path.join(at, 'pnpm-workspace.yaml'))) {
      const tooling = path.join(at, 'tooling', 'package.json');
      return existsSync(tooling) && JSON.parse(readFileSync(tooling, 'utf8')).name === TOOLING.name;
    }
    if (path.dirname(at) === at) return false;
  }
}

function parse(argv) {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        dir: { type: 'string' },
        route: { type: 'string' },
        label: { type: 'string' },
        group: { type: 'string' },
      },
    });
  } catch (error) {
    refuse(`${error.message}\n${USAGE}`);
  }
  const { values, positionals } = parsed;
  if (positionals.length !== 1) refuse(USAGE);
  const [name] = positionals;
  if (!REMOTE_NAME.test(name) || name === 'host') {
    refuse(
      `${JSON.stringify(name)} is not a remote name: 2-31 characters, a-z first, then a-z, 0-9 or _ (and not host)`,
    );
  }
  const route = values.route ?? `/dashboard/${kebab(name)}`;
  if (!ROUTE_PATH.test(route) || route.length > 80) {
    refuse(
      `--route ${JSON.stringify(route)} is not a route path: /lowercase-words/like-this, no trailing slash, 80 characters at most`,
    );
  }
  const label = values.label ?? sentence(name);
  const group = values.group ?? label;
  for (const [option, text] of [
    ['label', label],
    ['group', group],
  ]) {
    // eslint-disable-next-line no-control-regex -- a label is one line of text
    if (!text.trim() || text.length > 60 || /[\u0000-\u001f]/.test(text)) {
      refuse(`--${option} needs 1-60 characters on one line`);
    }
  }
  const dir = path.resolve(values.dir ?? `mfe-${kebab(name)}`);
  if (existsSync(dir)) refuse(`${dir} already exists: choose another --dir (nothing was written)`);
  return { name, route, label: label.trim(), group: group.trim(), dir };
}

function files({ name, route, label, group, dir }) {
  const feature = kebab(name);
  const Screen = `${pascal(name)}Screen`;
  const ajo = inWorkspace(dir) ? 'workspace:*' : `^${TOOLING.version}`;
  const json = (value) => `${JSON.stringify(value, null, 2)}\n`;
  const screenFile = `src/features/${feature}/components/${feature}-screen`;
  return {
    'package.json': json({
      name: `@ajo/mfe-${feature}`,
      version: '0.1.0',
      private: true,
      engines: { node: '>=24' },
      scripts: {
        build: 'webpack --mode production',
        release: 'webpack --mode production && ajo-publish-remote --activate',
        'release:upload': 'webpack --mode production && ajo-publish-remote',
        test: 'jest --passWithNoTests=false',
        lint: 'eslint src',
        typecheck: 'tsc -p tsconfig.json --noEmit',
      },
      dependencies: {
        '@ajo/remote-kit': ajo,
        '@ajo/shared': ajo,
        '@hookform/resolvers': '^5.2.0',
        react: '^18.3.1',
        'react-dom': '^18.3.1',
        'react-hook-form': '^7.60.0',
        'react-router-dom': '^6.30.1',
        rxjs: '^7.8.2',
        'single-spa-react': '~6.0.2',
        zod: '^4.0.0',
      },
      devDependencies: {
        '@ajo/tooling': ajo,
        '@testing-library/jest-dom': '^6.6.3',
        '@testing-library/react': '^16.3.0',
        '@testing-library/user-event': '^14.6.1',
        '@types/jest': '^30.0.0',
        '@types/node': '^24.10.0',
        '@types/react': '^18.3.23',
        '@types/react-dom': '^18.3.7',
        eslint: '^9.30.0',
        jest: '^30.0.0',
        typescript: '~5.9.3',
        webpack: '~5.111.1',
        'webpack-cli': '^6.0.1',
      },
    }),
    'remote.json': json({
      name,
      home: false,
      routes: [{ path: route, label, access: 'signed-in', layout: 'dashboard' }],
      nav: [{ group, label, path: route, order: 5000 }],
    }),
    'webpack.config.cjs': `/* eslint-disable @typescript-eslint/no-require-imports -- CommonJS build config */
// The federation build every remote shares (@ajo/tooling/webpack): exposes ./app from
// src/app/lifecycles.tsx, with the host's shared singletons, stamping remote.json into the manifest.
const { createRemoteConfig } = require('@ajo/tooling/webpack');

module.exports = (env, argv) => createRemoteConfig(__dirname, env, argv);
`,
    'tsconfig.json': `{
  "extends": "@ajo/tooling/tsconfig.web.json",
  "include": ["src", "*.ts"]
}
`,
    'jest.config.cjs': `/* eslint-disable @typescript-eslint/no-require-imports -- CommonJS build config */
module.exports = require('@ajo/tooling/jest').webJestConfig();
`,
    'eslint.config.mjs': `// The remotes' one lint config, from @ajo/tooling: the same here and in the monorepo.
import { remoteLintConfig } from '@ajo/tooling/eslint-remote';

export default remoteLintConfig({ dir: import.meta.dirname });
`,
    '.gitignore': 'node_modules/\ndist/\ncoverage/\n',
    'src/app/lifecycles.tsx': `// Exposed as \`${name}/app\`: the single-spa lifecycles of this remote.
import { remoteLifecycles } from '@ajo/remote-kit/lifecycles';
import { RemoteRoot } from './remote-root';

export const { bootstrap, mount, unmount } = remoteLifecycles(RemoteRoot);
`,
    'src/app/remote-root.tsx': `import { BrowserRouter, Route, Routes } from '@ajo/shared/router';
import { ${Screen} } from '../features/${feature}/components/${feature}-screen';

// Opt in to v7 behaviour now (and silence the v6 deprecation warnings).
const ROUTER_FUTURE = { v7_startTransition: true, v7_relativeSplatPath: true } as const;
const ROUTE = '${route}';

/** The routes remote.json declares (its test holds them together); the shell mounts it only there. */
export function RemoteRoot() {
  return (
    <BrowserRouter future={ROUTER_FUTURE}>
      <Routes>
        <Route path={ROUTE} element={<${Screen} />} />
        <Route path="*" element={null} />
      </Routes>
    </BrowserRouter>
  );
}
`,
    'src/app/remote-root.test.tsx': `import { render, screen } from '@testing-library/react';
import { customer, resetHost, session } from '@ajo/remote-kit/testing';
import contributions from '../../remote.json';
import { RemoteRoot } from './remote-root';

jest.mock('@ajo/remote-kit/host', () => jest.requireActual('@ajo/remote-kit/testing').hostModule);

beforeEach(() => resetHost());

describe('${name} routes', () => {
  // Every route remote.json declares has its screen here, headed with the route's label (the
  // breadcrumb and document title the shell shows for it).
  it.each(contributions.routes)('shows its screen on $path, titled $label', async (route) => {
    session.setUser(customer());
    window.history.pushState(null, '', route.path);
    render(<RemoteRoot />);
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent(route.label);
  });

  it('renders nothing on a path it does not own', () => {
    window.history.pushState(null, '', '/somewhere-else');
    const { container } = render(<RemoteRoot />);
    expect(container).toBeEmptyDOMElement();
  });
});
`,
    'src/app/lifecycles.test.tsx': `import { screen } from '@testing-library/react';
import { mountRemote } from '@ajo/remote-kit/testing';
import * as lifecycles from './lifecycles';

jest.mock('@ajo/remote-kit/host', () => jest.requireActual('@ajo/remote-kit/testing').hostModule);

describe('${name} single-spa lifecycles', () => {
  it('mounts into the element single-spa gives and unmounts cleanly', async () => {
    const remote = await mountRemote(lifecycles, {
      name: '${name}',
      path: '${route}',
    });
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
    await remote.unmount();
    expect(remote.element).toBeEmptyDOMElement();
  });
});
`,
    [`${screenFile}.tsx`]: `import { useCurrentUser } from '@ajo/remote-kit/use-current-user';

const TITLE = ${js(label)};

/** The remote's first screen: replace its content with the feature's own. */
export function ${Screen}() {
  const { user } = useCurrentUser();
  return (
    <section aria-labelledby="${feature}-title">
      <h1 id="${feature}-title">{TITLE}</h1>
      {user ? (
        <p>
          Signed in as {user.first_name} {user.last_name}.
        </p>
      ) : (
        <p role="status">Loading your details…</p>
      )}
    </section>
  );
}
`,
    [`${screenFile}.test.tsx`]: `import { act, render, screen } from '@testing-library/react';
import { customer, resetHost, session } from '@ajo/remote-kit/testing';
import { ${Screen} } from './${feature}-screen';

jest.mock('@ajo/remote-kit/host', () => jest.requireActual('@ajo/remote-kit/testing').hostModule);

beforeEach(() => resetHost());

describe('${Screen}', () => {
  it('says it is loading until the host knows the customer, then names them', async () => {
    render(<${Screen} />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading your details…');
    act(() => session.setUser(customer({ first_name: 'Chidi', last_name: 'Eze' })));
    expect(await screen.findByText('Signed in as Chidi Eze.')).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});
`,
    'README.md': `# ${name}: a remote of Ajo Wallet

Made by \`ajo-create-remote\`. What it contributes to the shell is declared in \`remote.json\`
(routes with their label, access and layout; sidebar entries): the build stamps it into
\`dist/mf-manifest.json\` and the registry checks it when a version is published.

- \`src/app/\`: the single-spa lifecycles (\`./app\`) and the routes, nothing else.
- \`src/features/<feature>/\`: one folder per feature, its \`components/\`, API calls and schemas, tests beside them.
- The host's modules only through \`@ajo/remote-kit\` (lint refuses the rest).

## Scripts

\`\`\`sh
pnpm install
pnpm run lint && pnpm run typecheck && pnpm run test
pnpm run build                       # dist/ (the container, mf-manifest.json)
export AJO_REGISTRY_URL=https://<operator API> AJO_OPERATOR_TOKEN=<your team's token>
pnpm run release:upload -- --new-remote   # the first version of a remote the registry does not know yet
pnpm run release:upload              # publish this package.json version (immutable: bump it for each release)
pnpm run release -- --reason "what changed"   # publish and make it live, after the registry's checks
\`\`\`

## Next

1. Replace the screen in \`${screenFile}.tsx\` and its test with the feature's own.
2. Add routes and sidebar entries in \`remote.json\` (and the routes in \`src/app/remote-root.tsx\`).
3. Try a published version in your browser only: open the app with
   \`?ajo-override=${name}@<version>\` (a development app server), or ask an operator for a signed
   override link (\`POST /_operator/overrides\`).
`,
  };
}

try {
  const options = parse(process.argv.slice(2));
  const written = files(options);
  for (const [file, text] of Object.entries(written)) {
    const target = path.join(options.dir, file);
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(target, text, { flag: 'wx' });
  }
  process.stdout.write(
    `created ${options.name} in ${options.dir} (${Object.keys(written).length} files): see its README.md\n`,
  );
} catch (error) {
  process.stderr.write(
    `ajo-create-remote: ${error instanceof CreateError ? error.message : `failed: ${error?.message ?? error}`}\n`,
  );
  process.exitCode = 1;
}
