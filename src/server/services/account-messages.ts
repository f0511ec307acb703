// Messages of the account flows that more than one service answers with.
export const EMAIL_TAKEN = 'An account with this email already exists';
export const MAIL_UNAVAILABLE = 'Email could not be sent right now. Please try again later.';
