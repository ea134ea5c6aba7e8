/** The anonymous session could not be started: a call failed or answered something unusable. */
export class AnonymousSessionAPIError extends Error {
  override readonly name = 'AnonymousSessionAPIError';

  constructor(cause?: unknown) {
    super('Can not GET anonymous session response', { cause });
  }
}

/** An anonymous session was asked for while a user profile is signed in. */
export class UserProfileExistsError extends Error {
  override readonly name = 'UserProfileExistsError';

  constructor() {
    super('A user profile is signed in; an anonymous session can not be started');
  }
}
