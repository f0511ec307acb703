'use client';
// The modal dialog, on Headless UI: closes on Escape or a backdrop click,
// blocks page scrolling while open, traps focus inside and returns it to where it was.
// Centred (a bottom sheet on narrow screens) or, with placement 'drawer', a panel sliding in
// from the start edge at full height (the navigation drawer of narrow screens), or, with
// placement 'page', the whole screen on the page's own background (a wall that stands in for
// the page, such as the e-mail verification wall). Without `onClose` it cannot be dismissed:
// no close button, and Escape or a click outside do nothing.
// Import `Dialog` from './Dialog': it loads this module (and Headless UI) when a dialog first
// opens, so no page pays for it on its first load.
import { Description, DialogBackdrop, DialogPanel, DialogTitle, Dialog as HeadlessDialog } from '@headlessui/react';
import { useLayoutEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { CloseIcon } from './CloseIcon';
import { FormActions } from './FormActions';

type DialogSize = 'sm' | 'md' | 'lg';
type DialogPlacement = 'center' | 'drawer' | 'page';

const widths: Record<DialogSize, string> = { sm: 'max-w-sm', md: 'max-w-lg', lg: 'max-w-2xl' };
// At the bottom on a phone, centred from `sm` up, with auto margins rather than the frame's
// alignment: a dialog taller than the screen (the task form at 360 px) then scrolls from its top
// instead of overflowing above the frame, where no scrolling reaches it.
const centredPanel =
  'relative mt-auto w-full rounded-card border border-border bg-surface p-6 text-text shadow-xl transition duration-200 data-closed:translate-y-2 data-closed:opacity-0 sm:mb-auto';
const drawerPanel =
  'relative flex h-full w-[min(20rem,85vw)] flex-col overflow-y-auto border-r border-border bg-surface p-4 text-text shadow-xl transition duration-200 ease-out data-closed:-translate-x-full';
// No fade for a wall: it is what the page shows from its first paint, not something opened.
// Centred with auto margins, so a wall taller than a phone's screen scrolls from its top.
const pagePanel = 'relative m-auto w-full max-w-md text-text';
const frames: Record<DialogPlacement, string> = {
  center: 'fixed inset-0 flex w-screen justify-center overflow-y-auto p-4',
  drawer: 'fixed inset-0 flex w-screen',
  page: 'fixed inset-0 flex w-screen overflow-y-auto bg-bg p-6',
};
const noop = () => {};

export interface DialogProps {
  open: boolean;
  /** Called on Escape, a click outside or the close button; omit it for a dialog nobody may dismiss. */
  onClose?: () => void;
  /** Optional heading; without one, give the dialog an accessible name with `label`. */
  title?: ReactNode;
  /** Accessible name when there is no visible title. */
  label?: string;
  description?: ReactNode;
  /** Show the × close button in the corner (default true). */
  closeButton?: boolean;
  /** The close button's accessible name (default 'Close'). */
  closeLabel?: string;
  /** 'center' (default), 'drawer' (full height at the start edge) or 'page' (the whole screen); `size` only applies to 'center'. */
  placement?: DialogPlacement;
  size?: DialogSize;
  /** Where focus goes when the dialog opens (default: the first focusable element). */
  initialFocus?: RefObject<HTMLElement | null>;
  /** Use 'alertdialog' for confirmations that interrupt (delete, end session). */
  role?: 'dialog' | 'alertdialog';
  children?: ReactNode;
  /** Buttons, right-aligned under the content (stacked on narrow screens). */
  footer?: ReactNode;
  className?: string;
}

export function ModalDialog({
  open,
  onClose,
  title,
  label,
  description,
  closeButton = onClose !== undefined,
  closeLabel = 'Close',
  placement = 'center',
  size = 'md',
  initialFocus,
  role = 'dialog',
  children,
  footer,
  className = '',
}: DialogProps) {
  const { generation, panel } = useSnapShutWhileEntering(open);
  return (
    <HeadlessDialog
      key={generation}
      open={open}
      onClose={onClose ?? noop}
      initialFocus={initialFocus}
      role={role}
      className="relative z-50"
      aria-label={title ? undefined : label}
    >
      {placement === 'page' ? null : (
        <DialogBackdrop transition className="fixed inset-0 bg-black/45 transition-opacity duration-200 data-closed:opacity-0" />
      )}
      <div className={frames[placement]}>
        <DialogPanel
          ref={panel}
          transition={placement !== 'page'}
          className={`${placement === 'drawer' ? drawerPanel : placement === 'page' ? pagePanel : `${centredPanel} ${widths[size]}`} ${className}`}
        >
          {title ? (
            <DialogTitle className={`text-lg font-semibold leading-snug ${closeButton ? 'pr-10' : ''}`}>{title}</DialogTitle>
          ) : null}
          {description ? <Description className="mt-2 text-sm leading-relaxed text-muted">{description}</Description> : null}
          {children ? (
            <div className={`${title || description ? 'mt-4' : ''} ${placement === 'drawer' ? 'flex flex-1 flex-col' : ''}`}>{children}</div>
          ) : null}
          {footer ? <FormActions className="mt-6">{footer}</FormActions> : null}
          {closeButton ? (
            <button
              type="button"
              onClick={onClose ?? noop}
              aria-label={closeLabel}
              className={`absolute inline-flex items-center ${placement === 'drawer' ? 'right-4 top-4 size-10' : 'right-3 top-3 size-9'} justify-center rounded-control text-muted hover:bg-surfaceMuted hover:text-text`}
            >
              <CloseIcon />
            </button>
          ) : null}
        </DialogPanel>
      </div>
    </HeadlessDialog>
  );
}

/**
 * Headless UI 2.2 reverses an enter transition that a close interrupts, and on a busy page its
 * transition hook then waits for animations the reversal has cancelled: the dialog never
 * unmounts, invisible (data-closed) but still in the page, its Close button in the accessibility
 * tree (tailwindlabs/headlessui#3892). The navigation drawer closed with Escape right after opening
 * stayed so (e2e/session-page.spec.ts, 1 run in 8 at load 7). A close that comes while the panel
 * is still entering (`data-enter`) remounts the dialog instead: it snaps shut, and focus goes back
 * as on any close. Read in a layout effect, before the browser paints the reversal.
 */
function useSnapShutWhileEntering(open: boolean) {
  const panel = useRef<HTMLDivElement>(null);
  const [generation, setGeneration] = useState(0);
  const wasOpen = useRef(open);
  useLayoutEffect(() => {
    if (wasOpen.current && !open && panel.current?.hasAttribute('data-enter')) setGeneration((value) => value + 1);
    wasOpen.current = open;
  }, [open]);
  return { generation, panel };
}
