export interface NavLink {
  readonly to: string;
  readonly label: string;
}

export const HEADER_LINKS: readonly NavLink[] = [
  { to: '/', label: 'Home' },
  { to: '/studio', label: 'Record' },
  { to: '/features', label: 'Features' },
  { to: '/about', label: 'About' },
  { to: '/help', label: 'Help' },
];

export const FOOTER_LINKS: readonly NavLink[] = [
  { to: '/features', label: 'Features' },
  { to: '/studio', label: 'Record' },
  { to: '/help', label: 'Help Center' },
  { to: '/about', label: 'About' },
  { to: '/privacy', label: 'Privacy Policy' },
  { to: '/terms', label: 'Terms of Service' },
];

/** A header link is active when the path starts with it (segment-wise); "/" only matches itself. */
export function isActiveLink(linkPath: string, currentPath: string): boolean {
  if (linkPath === '/') return currentPath === '/';
  return currentPath === linkPath || currentPath.startsWith(`${linkPath}/`);
}
