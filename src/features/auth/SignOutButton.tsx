'use client';
// The shell's Sign out entry: a quiet button in the header on wide screens, a row in the drawer
// on narrow ones.
import { SignOutButtonView } from './SignOutButtonView';
import { useSignOut } from './useSignOut';

export function SignOutButton({ placement }: { placement: 'header' | 'drawer' }) {
  const { signOut, pending } = useSignOut();
  return <SignOutButtonView placement={placement} onClick={signOut} pending={pending} />;
}
