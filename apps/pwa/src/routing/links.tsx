import { Anchor, Button, type AnchorProps, type ButtonProps } from '@mantine/core';
import { createLink, useRouter } from '@tanstack/react-router';
import type { ComponentPropsWithRef, MouseEvent } from 'react';

type AnchorBaseProps = AnchorProps & Omit<ComponentPropsWithRef<'a'>, keyof AnchorProps>;
type ButtonBaseProps = ButtonProps & Omit<ComponentPropsWithRef<'a'>, keyof ButtonProps>;

function AnchorBase(props: AnchorBaseProps) {
  return <Anchor component="a" {...props} />;
}

function ButtonBase(props: ButtonBaseProps) {
  return <Button component="a" {...props} />;
}

/** A Mantine Anchor that is a typed router link. */
export const AnchorLink = createLink(AnchorBase);
/** A Mantine Button that is a typed router link. */
export const ButtonLink = createLink(ButtonBase);

/** Client-side navigation for a plain in-app path (such as `landingPathFor(user)`), keeping new-tab clicks. */
function useHrefClick(href: string) {
  const router = useRouter();
  return (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    void router.navigate({ href });
  };
}

export function HrefAnchor({ href, onClick, ...props }: AnchorBaseProps & { href: string }) {
  const navigate = useHrefClick(href);
  return (
    <AnchorBase
      href={href}
      onClick={(event) => {
        onClick?.(event);
        navigate(event);
      }}
      {...props}
    />
  );
}

export function HrefButton({ href, onClick, ...props }: ButtonBaseProps & { href: string }) {
  const navigate = useHrefClick(href);
  return (
    <ButtonBase
      href={href}
      onClick={(event) => {
        onClick?.(event);
        navigate(event);
      }}
      {...props}
    />
  );
}
