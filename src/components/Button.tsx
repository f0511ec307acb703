// Buttons and button-styled links: one look for every action, with visible focus and a
// pending state that keeps the width steady. The buttons themselves live in ./ButtonCore.
import Link from 'next/link';
import type { ComponentProps } from 'react';
import { buttonClass, type ButtonSize, type ButtonVariant } from './ButtonCore';

export { Button } from './ButtonCore';

type LinkButtonProps = ComponentProps<typeof Link> & { variant?: ButtonVariant; size?: ButtonSize };

export function LinkButton({ variant, size, className = '', ...rest }: LinkButtonProps) {
  return <Link className={buttonClass(variant, size, className)} {...rest} />;
}
