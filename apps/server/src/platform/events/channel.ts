/** The PostgreSQL NOTIFY channel every server process listens on for committed domain events. */
export const DOMAIN_EVENT_CHANNEL = 'im_domain_event';
/** Payload: a user id whose sessions ended (logout, password change or reset). */
export const SESSION_END_CHANNEL = 'im_session_end';
