'use client';
// "Go Back": the browser's previous page, or home when there is none.
import { useRouter } from 'next/navigation';
import { Button, type ButtonVariant } from './Button';

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
