// Starting a focus session: the type chooser, Configure Session, the AI Session wizard, and the
// current-session storage the session screen reads.
export { AiSessionWizard } from './AiSessionWizard';
export { ConfigureSessionDialog } from './ConfigureSessionDialog';
export { clearCurrentSession, currentSessionId, positiveNumber, setCurrentSession, type SessionConfigEntry } from './current-session';
export { StartSession, StartSessionDialog } from './StartSession';
export { browserTimeZone, useCreateSession } from './useCreateSession';
