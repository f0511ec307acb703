// Buttons and button-styled links: one look for every action, with visible focus and a
// pending state that keeps the width steady. The buttons themselves live in ./ButtonCore.
//
// The site's next/link links do not prefetch (`prefetch={false}`, here and in the public pages'
// frame): every page is rendered per request, so a prefetch brought only the route's tree, and
// on a phone decoding one for every link in view (the landing page had eight requests) ran as
// long tasks while the page was still loading (docs/architecture.md "The front pages' own code").
import Link from 'next/link';
import type { ComponentProps } from 'react';
import { buttonClass, type ButtonSize, type ButtonVariant } from './ButtonCore';

export { Button } from './ButtonCore';

type LinkButtonProps = ComponentProps<typeof Link> & { variant?: ButtonVariant; size?: ButtonSize };

export function LinkButton({ variant, size, className = '', ...rest }: LinkButtonProps) {
  return <Link prefetch={false} className={buttonClass(variant, size, className)} {...rest} />;
}
