// The five onboarding steps of sign-up (step index 0 to 4). Step index 1
// creates the account; the last step leaves for the dashboard.
export const ONBOARDING_STEPS = [
  { id: 'welcome', label: 'Welcome' },
  { id: 'account', label: 'Account' },
  { id: 'focus', label: 'Focus' },
  { id: 'modes', label: 'Timer modes' },
  { id: 'ready', label: 'Ready' },
] as const;

export const ACCOUNT_STEP = 1;
export const LAST_STEP = ONBOARDING_STEPS.length - 1;
