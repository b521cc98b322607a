// @ts-check
// The console's DOM helpers (console.js): elements built with textContent and properties only, never
// markup, since versions, reasons and failure messages come from other people.

export function el(tag, props = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(props)) {
    if (value === undefined || value === null || value === false) continue;
    if (key === 'text') node.textContent = value;
    else if (key === 'className') node.className = value;
    else if (key in node && typeof value !== 'string') node[key] = value;
    else node.setAttribute(key, value === true ? '' : value);
  }
  for (const child of children.flat()) {
    if (child !== null && child !== undefined) {
      node.append(typeof child === 'string' ? document.createTextNode(child) : child);
    }
  }
  return node;
}

export const when = (iso) =>
  iso ? new Date(iso).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' }) : '';
/** 'sha256:0a1b2c…' -> '0a1b2c3d4e5f' (the full digest in the title). */
export const shortDigest = (digest) =>
  String(digest ?? '')
    .replace(/^sha256:/, '')
    .slice(0, 12);
