// SPEC §3 "Browser session data": token under key tk, user id under key id (localStorage).
export const TOKEN_KEY = 'tk';
export const USER_ID_KEY = 'id';
