// Dependency-free, so the app's start (the course cart's slice and its saved copy) takes this one
// rule without the checkout's and the courses' rule modules, which only lazy screens need
// (docs/decisions.md D104).

/** A course is bought once (D62): its one quantity, in the cart and at checkout. */
export const COURSE_QUANTITY = 1;
