type Lifecycle = (props: never) => Promise<unknown>;

/**
 * Mounts a remote's exposed lifecycles at `path` the way single-spa does: bootstrap, then mount into
 * the element single-spa gives. single-spa drives React here, not act(): mount resolves once the
 * root has rendered. `props`: what the shell passes besides (its render-error reporter).
 */
export async function mountRemote(
  lifecycles: { bootstrap: Lifecycle; mount: Lifecycle; unmount: Lifecycle },
  {
    name,
    path,
    props: extra = {},
  }: { name: string; path: string; props?: Record<string, unknown> },
) {
  const actEnvironment = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
  actEnvironment.IS_REACT_ACT_ENVIRONMENT = false;
  const element = document.createElement('div');
  document.body.appendChild(element);
  window.history.pushState(null, '', path);
  const props = {
    name,
    singleSpa: {},
    mountParcel: jest.fn(),
    domElement: element,
    ...extra,
  } as never;
  await lifecycles.bootstrap(props);
  await lifecycles.mount(props);
  return { element, unmount: () => lifecycles.unmount(props) };
}
