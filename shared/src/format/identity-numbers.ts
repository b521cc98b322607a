/**
 * A BVN as the screens show it: the first 3 and last 2 digits, the 6 between hidden (the way logs
 * show an NIN). The full number is answered only after the transaction PIN (POST
 * /users/{id}/reveal-bvn), so a shoulder or a shared phone does not learn it.
 */
export function maskBvn(bvn: string): string {
  if (bvn.length <= 5) return '*'.repeat(bvn.length);
  return `${bvn.slice(0, 3)}${'*'.repeat(bvn.length - 5)}${bvn.slice(-2)}`;
}
