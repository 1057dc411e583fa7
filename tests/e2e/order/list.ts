/** The order list's end-to-end helpers: opening it as a user, in English, and its rows in view. */
import type { Page } from '@playwright/test';
import { openAs } from '../support.js';

/** The rows of the screen in view (a list left in another tab keeps its rows, hidden). */
export const visibleRows = (page: Page) => page.getByTestId('order-row').filter({ visible: true });

/** Signs `user` in with the console in English and opens the order list. */
export const openOrderList = (page: Page, baseURL: string | undefined, user: string): Promise<void> =>
  openAs(page, baseURL, user, '/orderManagement/orderList');
