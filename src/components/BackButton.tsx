'use client';
// "Go Back": the browser's previous page, or home when there is none.
import { useRouter } from 'next/navigation';
// From ./ButtonCore: the root not-found boundary, in every page's first load, must not carry next/link.
import { Button, type ButtonVariant } from './ButtonCore';

export function BackButton({ variant = 'secondary', label = 'Go Back' }: { variant?: ButtonVariant; label?: string }) {
  const router = useRouter();
  return (
    <Button
      variant={variant}
      onClick={() => {
        if (window.history.length > 1) router.back();
        else router.push('/');
      }}
    >
      {label}
    </Button>
  );
}
