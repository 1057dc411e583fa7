/** The books' screen: every domain's money checked against itself (docs/domains/books.md). */
import { defineScreens, preloadable } from '../manifest.js';

export const booksScreens = defineScreens({
  name: 'books',
  screens: {
    Books: preloadable(() => import('./BooksPage.js')),
  },
});
