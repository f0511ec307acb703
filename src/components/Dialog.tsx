'use client';
// The modal dialog (src/components/ModalDialog.tsx: Headless UI, Escape, backdrop,
// scroll lock, focus trap and return). Its code loads when a dialog first opens (or at the
// person's first interaction with the page), not with the page: see ./lazy.tsx.
import { lazyUntilOpen } from './lazy';
import type { DialogProps } from './ModalDialog';

export type { DialogProps } from './ModalDialog';

export const Dialog = lazyUntilOpen<DialogProps>(() => import('./ModalDialog').then((module) => module.ModalDialog));
