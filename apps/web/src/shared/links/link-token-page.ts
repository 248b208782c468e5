/**
 * The page whose own input is a `token` parameter: an emailed reset or set-password link
 * (`/retrievePassword?token=…`). There the parameter is the link's secret, not the referrer token of
 * the specification: it is neither stored nor sent as one, and it stays in the address for the page.
 */
export const LINK_TOKEN_PAGE = /^\/retrievePassword\/?$/i;
