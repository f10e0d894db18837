import { Link, useRouterState } from '@tanstack/react-router';
import { HEADER_LINKS, isActiveLink } from './nav-links';
import classes from './Shell.module.css';

/** The header's page links, the current page marked; `onNavigate` closes the menu they sit in. */
export function HeaderLinks({ onNavigate }: { readonly onNavigate?: () => void }) {
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  return HEADER_LINKS.map((link) => {
    const active = isActiveLink(link.to, pathname);
    return (
      <Link
        key={link.to}
        to={link.to}
        className={classes.link}
        data-active={active || undefined}
        aria-current={active ? 'page' : undefined}
        activeOptions={{ exact: true }}
        onClick={onNavigate}
      >
        {link.label}
      </Link>
    );
  });
}
