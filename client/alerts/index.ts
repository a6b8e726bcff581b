/**
 * The account settings' public face for the interface (alerts, newsletter state, mailings). Its sync registration
 * (feature.ts) is imported by the registry alone (client/features.ts).
 */
export { useAccountSettings, useSignedInUser } from './use-account-settings.ts';
export { SendByEmailButton } from './send-by-email-button.tsx';
export { useAlertsTexts } from './use-alerts-texts.ts';
export { setNotification } from './set-notification.ts';
