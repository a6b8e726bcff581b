/** The self-hosted proof-of-work that stands for the spec's recaptcha_response. */
export { challengeRoutes } from './challenge-routes.ts';
export { challengeConfig } from './challenge-config.ts';
export { challengeKey } from './challenge-key.ts';
export { checkSolution, issueChallenge, spendChallenge } from './challenge-service.ts';
