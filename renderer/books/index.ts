/** The books' screen: every domain's money checked against itself (docs/domains/books.md). */
import { lazy } from 'react';
import { defineScreens } from '../manifest.js';

export const booksScreens = defineScreens({
  name: 'books',
  screens: {
    Books: lazy(() => import('./BooksPage.js')),
  },
});
