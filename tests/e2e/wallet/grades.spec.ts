/**
 * Member grades on /memberCenter/storedValue: tenant2 adds a grade (a blank name and a spend that is no amount
 * refused at their fields, a second grade of the same name refused by the upstream at its field), changes its
 * points, the window of spend, regrades now, and deletes it after asking. The grade asks more than any demo
 * member spent, so no other file's member changes grade.
 */
import { expect } from '@playwright/test';
import { catalogues } from '../../../shared/domains.js';
import { openAs, test } from '../support.js';

const en = catalogues.en.member;

test('tenant2 keeps a ladder of member grades: adds, refuses, edits, regrades and deletes one', async ({
  page,
  baseURL,
}) => {
  const name = `Gold ${Date.now() % 1_000_000}`;
  // A spend of its own, far above what any member of the demo spent.
  const spend = String(500_000 + (Date.now() % 400_000));
  await openAs(page, baseURL, 'tenant2', '/memberCenter/storedValue');
  await expect(page.locator('#stored-value-grades')).toHaveText(en.grades.title);

  await page.getByTestId('grades-add').click();
  await page.getByTestId('member-grade-spend').fill('abc');
  await page.getByTestId('member-grade-submit').click();
  await expect(page.getByText(en.validation.gradeSpend)).toBeVisible();
  await page.getByTestId('member-grade-name').fill(name);
  await page.getByTestId('member-grade-spend').fill(spend);
  await page.getByTestId('member-grade-percent').fill('150');
  await page.getByTestId('member-grade-submit').click();
  const row = page.getByTestId('grade-row').filter({ hasText: name });
  await expect(row).toContainText('×1.5');
  await expect(row.getByTestId('grade-members')).toHaveText('0');

  // The same name again: the upstream refuses it at its field, the dialog stays open with what was typed.
  await page.getByTestId('grades-add').click();
  await page.getByTestId('member-grade-name').fill(name);
  await page.getByTestId('member-grade-spend').fill(String(Number(spend) + 1));
  await page.getByTestId('member-grade-submit').click();
  await expect(page.getByText(en.validation.gradeNameTaken)).toBeVisible();
  await page.getByTestId('member-grade-cancel').click();
  await expect(page.getByTestId('member-grade-name')).toHaveCount(0);

  await row.getByTestId('grade-edit').click();
  await page.getByTestId('member-grade-percent').fill('120');
  await page.getByTestId('member-grade-submit').click();
  await expect(row).toContainText('×1.2');

  await page.getByTestId('grades-window').click();
  await page.getByTestId('member-grade-window-days').fill('20');
  await page.getByTestId('member-grade-window-submit').click();
  await expect(page.getByText(en.validation.gradeWindow)).toBeVisible();
  await page.getByTestId('member-grade-window-days').fill('365');
  await page.getByTestId('member-grade-window-submit').click();
  await expect(page.getByTestId('grades-rule')).toContainText(en.grades.rule.replace('{{days}}', '365'));

  await page.getByTestId('grades-regrade').click();
  await expect(page.getByText(en.grades.regraded)).toBeVisible();

  await row.getByTestId('grade-delete').click();
  await expect(page.getByTestId('confirm-dialog')).toContainText(name);
  await page.getByTestId('confirm-ok').click();
  await expect(page.getByText(en.grades.deleted)).toBeVisible();
  await expect(row).toHaveCount(0);
});
