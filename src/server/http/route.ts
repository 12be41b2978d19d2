/**
 * A contract path as a route. The app is not strict about a trailing slash, which only works when
 * the route itself has none, so `/login/users/` and `/login/users` both reach the sign-in.
 */
export const route = (path: string) => (path.length > 1 ? path.replace(/\/+$/, '') : path)
