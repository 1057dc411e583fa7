/** The books (beyond the spec; docs/domains/books.md): every domain's money checked against itself, nightly and on demand. */
import { defineDomain } from '../manifest.js';
import { booksApi } from './api.js';
import { booksRoutes } from './routes.js';
import { booksTexts } from './texts.js';

export * from './api.js';
export { booksTexts } from './texts.js';

export const books = defineDomain({ name: 'books', api: booksApi, texts: booksTexts, powers: [], routes: booksRoutes });
