import { generateKeyPairSync } from 'node:crypto';

/** A fresh RSA-2048 pair as PEM strings (keys are made at run time, never committed). */
export const rsaPair = (): { privateKeyPem: string; publicKeyPem: string } => {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    privateKeyPem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    publicKeyPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  };
};
