import { MFE_AREA_ID } from '../layout/shell-app';

/** The element a remote mounts into: its own child of the shell's <main> area. */
export function areaFor(name: string): HTMLElement {
  const area = document.getElementById(MFE_AREA_ID) ?? document.body;
  let element = area.querySelector<HTMLElement>(`:scope > [data-remote="${name}"]`);
  if (!element) {
    element = document.createElement('div');
    element.dataset.remote = name;
    area.appendChild(element);
  }
  return element;
}
