/**
 * Importing staff from an .xlsx (spec §2 staffPage bulk import) with the
 * kit's import dialog: the customer first (a tenant's user names it; an
 * enterprise account imports its own), then the mode and the file.
 */
import { Field } from '@fluentui/react-components';
import { useState } from 'react';
import { useOpMutation } from '../bridge.js';
import { SheetImportDialog, useScreen } from '../kit/index.js';
import { CustomerDropdown } from './CustomerDropdown.js';

export interface ImportDialogProps {
  /** Whether the user names the customer (not an enterprise account), and the list's chosen one. */
  chooseCustomer: boolean;
  customerId: number | undefined;
  onClose: () => void;
}

const INVALIDATES = ['customer.staffPage'] as const;

export function ImportDialog({ chooseCustomer, customerId: initial, onClose }: ImportDialogProps) {
  const { t } = useScreen();
  const [customerId, setCustomerId] = useState(initial);
  const start = useOpMutation('customer.staffImport');
  const template = useOpMutation('customer.staffTemplate');
  const report = useOpMutation('customer.staffImportReport');
  return (
    <SheetImportDialog
      title={t('customer.importing.title')}
      hint={t('customer.importing.hint')}
      before={
        chooseCustomer && (
          <Field label={t('customer.staff.customer')} required>
            <CustomerDropdown
              value={customerId}
              onChange={setCustomerId}
              placeholder={t('customer.staff.chooseCustomer')}
              testId="customer-import-customer"
            />
          </Field>
        )
      }
      missing={() => (chooseCustomer && customerId === undefined ? t('customer.validation.customer') : null)}
      start={({ mode, lang, file }) =>
        start.mutateAsync({
          query: { mode, lang, ...(chooseCustomer && customerId !== undefined ? { customerId } : {}) },
          body: file,
        })
      }
      status="customer.staffImportStatus"
      template={(lang) => template.mutateAsync({ query: { lang } })}
      report={(id) => report.mutateAsync({ params: { id } })}
      invalidates={INVALIDATES}
      onClose={onClose}
      testId="customer-import"
    />
  );
}
