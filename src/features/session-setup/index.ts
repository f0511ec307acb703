// Starting a focus session: the type chooser, Configure Session, the AI Session wizard, and the
// current-session storage the session screen reads. (Configure Session and the AI wizard are
// reached through StartSession, which loads them when first opened; import them from their files.)
//
// StartSession itself (the chooser, the limit dialog with its plan words, the create mutation)
// loads when first opened, or at the first interaction with the page: src/components/lazy.tsx. Once loaded it stays
// mounted, so the limit dialog it opens after closing the chooser still shows.
import { lazyUntilOpen } from '@/components/lazy';

export const StartSession = lazyUntilOpen<{ open: boolean; onClose: () => void }>(() => import('./StartSession').then((module) => module.StartSession));
