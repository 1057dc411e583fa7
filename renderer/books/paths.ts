/** Addresses of the books' screen, and of the records a difference opens (pure). */
export const BOOKS_PATH = '/books';
