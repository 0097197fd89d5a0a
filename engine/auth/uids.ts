/** engine/auth: the users-permissions plugin's content-type uids and permission namespace. */
export const USER_UID = 'plugin::users-permissions.user';
export const ROLE_UID = 'plugin::users-permissions.role';
export const PERMISSION_UID = 'plugin::users-permissions.permission';
/** `plugin::users-permissions.auth.register` = AUTH_PERMISSION_UID + `.register` */
export const AUTH_PERMISSION_UID = 'plugin::users-permissions.auth';
