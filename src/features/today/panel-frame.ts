// The Today panel's frame, shared by the panel and the placeholder the dashboard renders until
// the panel's code is there: the same height, so nothing below moves when it arrives.
export const TODAY_PANEL_CLASS = 'mb-6 min-h-[5.25rem]';
