// A signed-out heart tap is not applied: the visitor is asked to sign in first. The car they tapped
// travels with the sign-in (a hidden field of the dialog's and the /login and /register pages' forms,
// and a query parameter of those pages' addresses), and the sign-in action adds it to the account once
// the visitor is signed in, so the tap is not lost.

/** The form field and query parameter holding the car a signed-out heart tap asked to save. */
export const FAVORITE_INTENT_PARAM = 'favoriteCarId';
