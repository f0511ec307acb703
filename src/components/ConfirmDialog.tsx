'use client';
// The one confirmation: an alert dialog (./Dialog) that names what is about to happen, with a
// button that backs out and one that goes ahead (danger red for what cannot be undone). While
// the request it starts is running, the going-ahead button shows its spinner and, with
// `lockWhilePending`, nothing closes the dialog until the answer is in.
import type { ReactNode } from 'react';
import { Button } from './ButtonCore';
import { Dialog } from './Dialog';

export interface ConfirmDialogProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  description: ReactNode;
  /** The going-ahead button's words. */
  confirmLabel: string;
  /** The backing-out button's words (default 'Cancel'). */
  cancelLabel?: string;
  /** 'danger' (default) for what cannot be undone, 'primary' otherwise. */
  tone?: 'danger' | 'primary';
  /** Called by the going-ahead button; leave it out when the button submits `form`. */
  onConfirm?: () => void;
  /** The id of a form inside the dialog that the going-ahead button submits. */
  form?: string;
  pending?: boolean;
  /** While pending, Cancel is disabled and Escape or a click outside do nothing. */
  lockWhilePending?: boolean;
  /** More inside the dialog (e.g. a password field). */
  children?: ReactNode;
}

export function ConfirmDialog({
  open,
  onClose,
  title,
  description,
  confirmLabel,
  cancelLabel = 'Cancel',
  tone = 'danger',
  onConfirm,
  form,
  pending = false,
  lockWhilePending = false,
  children,
}: ConfirmDialogProps) {
  const locked = lockWhilePending && pending;
  return (
    <Dialog
      open={open}
      onClose={() => (locked ? undefined : onClose())}
      role="alertdialog"
      title={title}
      description={description}
      size="sm"
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={locked}>
            {cancelLabel}
          </Button>
          <Button type={form ? 'submit' : 'button'} form={form} variant={tone} pending={pending} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      {children}
    </Dialog>
  );
}
