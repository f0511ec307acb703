// Starting a focus session: the type chooser, Configure Session, the AI Session wizard, and the
// current-session storage the session screen reads. (Configure Session and the AI wizard are
// reached through StartSession, which loads them when first opened; import them from their files.)
export { StartSession } from './StartSession';
