// SPEC §2 "Dashboard shell" sidebar: its groups and links are what the live remotes declare (their
// `nav` entries, composed with the route table: groups ordered by their smallest entry, an entry
// whose route another remote won left out), so a remote's new screen brings its own link.
import type { SidebarGroup } from '@ajo/tooling/contributions';
import { isCurrentLink as isCurrent } from '@ajo/tooling/route-composition';
import { routeTable } from '../routes/route-table';

export type { SidebarGroup };
export type SidebarLink = SidebarGroup['links'][number];

/** This page's sidebar groups. */
export function sidebarGroups(): readonly SidebarGroup[] {
  return routeTable().sidebar;
}

/** SIDEBAR flag key in localStorage (SPEC §3 shared state slice showSideBar). */
export const SIDEBAR_FLAG_KEY = 'showSideBar';

/** Is the link current on `pathname`? A `prefix` entry is current under its path too. */
export function isCurrentLink(link: SidebarLink, pathname: string): boolean {
  return isCurrent(link, pathname);
}
