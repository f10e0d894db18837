import { Button, type ButtonProps } from '@mantine/core';
import { createLink, type LinkComponent } from '@tanstack/react-router';
import { forwardRef, type AnchorHTMLAttributes } from 'react';

type AnchorButtonProps = ButtonProps & Omit<AnchorHTMLAttributes<HTMLAnchorElement>, keyof ButtonProps>;

const AnchorButton = forwardRef<HTMLAnchorElement, AnchorButtonProps>(function AnchorButton(props, ref) {
  return <Button component="a" ref={ref} {...props} />;
});

const CreatedButtonLink = createLink(AnchorButton);

/** A Mantine button that is a router link, with `to`, `params` and `search` checked against the routes. */
export const ButtonLink: LinkComponent<typeof AnchorButton> = (props) => <CreatedButtonLink preload="intent" {...props} />;
