import { createHmac } from 'node:crypto';
import type { IceServerConfig } from '../src/protocol';

export interface TurnConfig {
  urls: string[];
  secret: string;
  /** How long credentials stay valid. */
  ttlSeconds: number;
}

/**
 * Time-limited TURN credentials in coturn's `use-auth-secret` scheme (the TURN REST API): the user
 * name is the expiry time and the participant id, the password an HMAC-SHA1 of it with the shared
 * secret, so the TURN server checks them without talking to us.
 */
export function turnCredentials(config: TurnConfig, participantId: string, nowMs: number): IceServerConfig {
  const expires = Math.floor(nowMs / 1000) + config.ttlSeconds;
  const username = `${String(expires)}:${participantId}`;
  const credential = createHmac('sha1', config.secret).update(username).digest('base64');
  return { urls: config.urls, username, credential };
}
