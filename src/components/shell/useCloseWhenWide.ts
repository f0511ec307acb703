'use client';
// The navigation drawer belongs to narrow screens: widening the window past the breakpoint
// closes it. Shared by the App Router's shell and the focus session page's.
import { useEffect } from 'react';
import { MOBILE_BREAKPOINT_PX } from '@/lib/constants';

/** `setOpen`: the drawer's state setter (stable, so the listener is added once). */
export function useCloseWhenWide(setOpen: (open: boolean) => void): void {
  useEffect(() => {
    const wide = window.matchMedia(`(min-width: ${MOBILE_BREAKPOINT_PX}px)`);
    const onChange = () => {
      if (wide.matches) setOpen(false);
    };
    wide.addEventListener('change', onChange);
    return () => wide.removeEventListener('change', onChange);
  }, [setOpen]);
}
