/** Local storage name of the Bearer token. */
export const TOKEN_KEY = 'axe'
