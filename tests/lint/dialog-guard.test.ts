/**
 * Every dialog that holds a form asks before its input is thrown away
 * (renderer/kit/useCloseGuard.tsx; FormDialog uses it): a dialog drawn with
 * Fluent's own <Dialog> closes through the guard's `onOpenChange`, or is one
 * of the dialogs below that hold nothing to type — and those are read to
 * hold no field, so a form added to one of them fails here.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const renderer = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../renderer');
const files = readdirSync(renderer, { recursive: true, withFileTypes: true })
  .filter((f) => f.isFile() && f.name.endsWith('.tsx'))
  .map((f) => path.relative(renderer, path.join(f.parentPath, f.name)).split(path.sep).join('/'));

/** Dialogs with nothing to type, by file (how many), and what they show. */
const FORMLESS: Readonly<Record<string, { count: number; why: string }>> = {
  'kit/ConfirmDialog.tsx': { count: 1, why: 'a question with two answers' },
  'order/ExportRecordsDialog.tsx': { count: 1, why: 'the list of e-mailed exports' },
  'billing/CostManagementPage.tsx': { count: 1, why: "a device's renewal history" },
  'kit/PaymentCodeDialog.tsx': { count: 1, why: "a payment's QR code and its outcome (a renewal's, a top-up's)" },
  'callback/CallbackPanel.tsx': { count: 1, why: 'the signing secret, shown once' },
  'device/MachineCard.tsx': { count: 1, why: "a machine's new secret, shown once" },
  'device/PickListDialog.tsx': { count: 1, why: 'the pick list to print or export' },
  'device/PoolDialogs.tsx': { count: 1, why: "a device's allocation history" },
  'oplog/RecordDialog.tsx': { count: 1, why: 'one record of the operation log, before and after' },
  'oplog/HistoryPanel.tsx': { count: 1, why: "a row's history from the operation log" },
  'wallet/GiveBackDialog.tsx': { count: 1, why: 'a give-back as its refunds go' },
};
/** What a user types or chooses into. */
const FIELD =
  /<(Input|Textarea|FormInput|Checkbox|Dropdown|Combobox|RadioGroup|SpinButton|Switch|DateTimeInput|PaymentForm|Field)\b/;

/** Each `<Dialog …>…</Dialog>` of a file's text: its opening tag's props and its whole text. */
function dialogsOf(text: string): { props: string; body: string }[] {
  const out: { props: string; body: string }[] = [];
  // A tag, not a type argument (`useState<Dialog | null>`): `<Dialog>` or `<Dialog prop…`.
  const open = /<Dialog(>|\s+[A-Za-z]+[=\s>])/g;
  for (let m = open.exec(text); m; m = open.exec(text)) {
    const end = text.indexOf('</Dialog>', m.index);
    const body = text.slice(m.index, end === -1 ? undefined : end);
    out.push({ props: body.slice(0, body.indexOf('<DialogSurface')), body });
  }
  return out;
}

describe('form dialogs', () => {
  it('close through the discard guard, or hold nothing to type', () => {
    const unguarded: Record<string, number> = {};
    for (const file of files) {
      for (const dialog of dialogsOf(readFileSync(path.join(renderer, file), 'utf8'))) {
        if (/onOpenChange=\{guard\.onOpenChange\}/.test(dialog.props)) continue;
        unguarded[file] = (unguarded[file] ?? 0) + 1;
        expect(FORMLESS[file], `${file}: a <Dialog> without useCloseGuard's onOpenChange`).toBeDefined();
        expect(dialog.body, `${file}: a field in a dialog without the guard`).not.toMatch(FIELD);
      }
    }
    for (const [file, { count }] of Object.entries(FORMLESS)) expect(unguarded[file], file).toBe(count);
  });

  it('the guard is what the payment settings, the invoice steps and the tracking number close through', () => {
    for (const file of ['tenant/DistributorDialogs.tsx', 'billing/InvoiceWizard.tsx', 'billing/InvoiceActions.tsx']) {
      expect(readFileSync(path.join(renderer, file), 'utf8'), file).toMatch(/onOpenChange=\{guard\.onOpenChange\}/);
    }
  });
});
