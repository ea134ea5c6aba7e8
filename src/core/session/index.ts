// The session layer's public surface: what the flows, the UI and the mount code use.
export { AnonymousSessionAPIError, UserProfileExistsError } from './errors';
export { hasNativeBridge } from './native-bridge';
export { type AnonymousProfile, type Profile, hasLevelOfAssurance, levelOfAssurance, sortProfiles } from './profile';
export { type Session, type SessionDeps, type SessionWindow, createSession } from './session';
export { type AccessToken, type AuthenticationContext, accessTokenSchema, accessTokensSchema, authenticationContextSchema } from './tokens';
export type { BroadcastChannelFactory, BroadcastChannelLike } from './bus';
