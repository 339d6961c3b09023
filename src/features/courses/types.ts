/** A course as course.json lists it (docs/product.md §3); price in dollars. */
export type Course = { _id: string; name: string; price: number; image: string };
