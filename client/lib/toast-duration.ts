/** How long each kind of toast stays, in milliseconds (apart from the toaster, for pages drawn without it). */
export const TOAST_DURATION = { success: 2000, error: 4000, info: 3000, warning: 4000 } as const;
