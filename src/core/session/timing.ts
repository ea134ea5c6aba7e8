/** Periodic token refresh cadence (spec section 9). */
export const REFRESH_INTERVAL_MS = 180_000;
/** Further attempts after a failed refresh call. */
export const REFRESH_RETRIES = 3;
/** Pause before each retry; the spec fixes the count, not the pause. */
export const REFRESH_RETRY_DELAY_MS = 1_000;
/** Time-out of every /oauth2 call. */
export const TOKEN_CALL_TIMEOUT_MS = 10_000;
/** The server's inactivity time-outs the refresh schedule anticipates, in seconds. */
export const INACTIVITY_TIMEOUTS_S: readonly number[] = [300, 900];
/** How long before each inactivity time-out the refresh goes out. */
export const INACTIVITY_MARGIN_S = 3;
/** Refresh this long after the user comes back from an inactivity refresh. */
export const RESUME_REFRESH_MS = 300_000;
/** Expired profiles are looked for this often. */
export const SANITY_CHECK_MS = 10_000;
/** Activity is recorded (and told to other tabs) at most this often. */
export const ACTIVITY_THROTTLE_MS = 1_000;
/** A tab takes the lead after hearing no leader for this long. */
export const LEADER_SILENCE_MS = 1_000;
/** The leader's heartbeat; well inside the silence window so one late beat does not cost the lead. */
export const HEARTBEAT_MS = 400;
/** A follower answers the leader's call to refresh at most this often. */
export const REFRESH_MIN_GAP_MS = 1_000;
