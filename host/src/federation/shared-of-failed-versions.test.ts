// A version that failed supplies no shared module to anyone (forget-shared.ts forgetSharedOf;
// docs/decisions/045-release-safety-in-the-browser.md): real federation runtime instances sharing one
// scope, as containers do when they initialise in the page.
import { createInstance } from '@module-federation/enhanced/runtime';
import { forgetSharedOf } from './forget-shared';

const MONEY_FLOW = '@ajo/shared/money-flow';
const REACT = 'react';

type Factory = () => { from: string };

/** A container's instance providing `packages`, each a module that says whose copy it is. */
function container(name: string, packages: string[], version = '0.1.0') {
  const shared: Record<
    string,
    {
      version: string;
      get: () => Promise<Factory>;
      shareConfig: { singleton: boolean; requiredVersion: false };
    }
  > = {};
  for (const pkg of packages) {
    shared[pkg] = {
      version,
      get: async () => () => ({ from: name }),
      shareConfig: { singleton: true, requiredVersion: false },
    };
  }
  return createInstance({ name, remotes: [], shared, shareStrategy: 'loaded-first' });
}

/** The shell's scope, which every container's instance is given and registers its copies in. */
async function joined(
  shell: ReturnType<typeof container>,
  remote: ReturnType<typeof container>,
): Promise<void> {
  remote.initShareScopeMap('default', shell.shareScopeMap.default!, {
    hostShareScopeMap: shell.shareScopeMap,
  });
  await Promise.all(remote.initializeSharing('default'));
}

async function whoseCopy(instance: ReturnType<typeof container>, pkg: string) {
  const factory = (await instance.loadShare(pkg)) as Factory | false;
  return factory ? factory().from : null;
}

describe('shared modules of a version that failed', () => {
  it('are served to no other remote once it failed; a working remote’s copy is served instead', async () => {
    const shell = container('ajo_shell', [REACT]);
    await Promise.all(shell.initializeSharing('default'));
    const wallets = container('wallets', [REACT, MONEY_FLOW]);
    await joined(shell, wallets);
    // The failed version had loaded its money-flow before its mount threw.
    expect(await whoseCopy(wallets, MONEY_FLOW)).toBe('wallets');

    expect(forgetSharedOf('wallets')).toBeGreaterThan(0);

    const payments = container('payments', [REACT, MONEY_FLOW]);
    await joined(shell, payments);
    expect(await whoseCopy(payments, MONEY_FLOW)).toBe('payments');
    const transfers = container('transfers', [REACT, MONEY_FLOW]);
    await joined(shell, transfers);
    // A singleton: transfers gets the copy payments loaded, not the failed one.
    expect(await whoseCopy(transfers, MONEY_FLOW)).toBe('payments');
  });

  it('leave what others provide alone, even where the failed version loaded it', async () => {
    const shell = container('ajo_shell', [REACT]);
    await Promise.all(shell.initializeSharing('default'));
    expect(await whoseCopy(shell, REACT)).toBe('ajo_shell');
    const wallets = container('wallets', [REACT]);
    await joined(shell, wallets);
    expect(await whoseCopy(wallets, REACT)).toBe('ajo_shell');

    forgetSharedOf('wallets');
    const payments = container('payments', [REACT]);
    await joined(shell, payments);
    expect(await whoseCopy(payments, REACT)).toBe('ajo_shell');
  });

  it('keep another remote’s copy the failed version loaded (the runtime relabels it)', async () => {
    const shell = container('ajo_shell', [REACT]);
    await Promise.all(shell.initializeSharing('default'));
    const payments = container('payments', [MONEY_FLOW]);
    await joined(shell, payments);
    const wallets = container('wallets', [MONEY_FLOW]);
    await joined(shell, wallets);
    expect(await whoseCopy(wallets, MONEY_FLOW)).toBe('payments');

    forgetSharedOf('wallets');
    const transfers = container('transfers', [MONEY_FLOW]);
    await joined(shell, transfers);
    // One copy of the singleton for everyone still: the one payments provides.
    expect(await whoseCopy(transfers, MONEY_FLOW)).toBe('payments');
  });

  it('removes nothing for a remote that never initialised', () => {
    expect(forgetSharedOf('never_loaded')).toBe(0);
  });
});
