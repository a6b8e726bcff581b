/**
 * The tests' limits on logins, resets, registrations and guests per address (issue 15): every test calls from
 * 127.0.0.1, so the suites would meet the real limits. Tests of the limits themselves start with the real ones.
 */
export const RELAXED_LIMITS: Record<string, string> = {
  LOGIN_ADDRESS_MAX: '1000000',
  RESET_ADDRESS_MAX: '1000000',
  RESET_EMAIL_MAX: '1000000',
  REGISTER_ADDRESS_MAX: '1000000',
  GUEST_ADDRESS_MAX: '1000000',
};
